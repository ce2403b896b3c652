//! Lab 09's grader: `cargo test -p lab09_locomotion --test grader`.
//! One module per concern; step tests are `stepN_...`, the grader's own
//! checks `grader_...`, code you do not write `given_...`.

mod blend;
mod fast;
mod feet;
mod inertia;
mod inputs;
mod kit;
mod machine;
mod placement;
mod selfcheck;
mod springs;
