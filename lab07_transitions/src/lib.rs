//! # Lab 07: transitions
//!
//! A character never plays one clip: it walks, breaks into a run, waves
//! while walking. This lab blends sampled poses and plays clips into each
//! other without a jump:
//!
//! 1. blend two transforms and two poses with a factor;
//! 2. blend two playing clips, channels both or only one animate;
//! 3. the crossfade: two clocks, a weight that ramps, the old clip dropped;
//! 4. a new fade in the middle of a fade, with no pop;
//! 5. walk and run in step: blending by phase, not by seconds;
//! 6. an additive layer, and a blend limited to a subtree.
//!
//! [`given`] holds what both variants share: a clip playing on its own clock
//! ([`Playing`]) and the crossfade's state ([`Crossfade`]).

pub mod exercise;
pub mod fast;
pub mod given;
pub mod solution;

pub use given::{Crossfade, Fade, Playing, Source};
pub use lab04_keyframes::given::Mode;

#[cfg(not(feature = "solution"))]
pub use exercise::*;
#[cfg(feature = "solution")]
pub use solution::*;
