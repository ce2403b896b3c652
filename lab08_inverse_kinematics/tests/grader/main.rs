//! Lab 08's grader: `cargo test -p lab08_inverse_kinematics --test grader`.
//! One module per concern; step tests are `stepN_...`, the grader's own
//! checks `grader_...`, code you do not write `given_...`.

mod aim;
mod chains;
mod fast;
mod feet;
mod motion;
mod ozz;
mod rig;
mod selfcheck;
mod straight;
mod two_bone;
