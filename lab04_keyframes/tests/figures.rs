//! The lecture figures this demo declares (src/demo/figures.rs) all render:
//! right size, not blank, recordings with their frame count and motion.

#[test]
fn demo_figures_render() {
    common::lecture::expect_figures(env!("CARGO_BIN_EXE_lab04_keyframes"), "lab04");
}
