//! Lab 07's handout figures (`lab*/figures/`): see `super::kit`.

use super::Figure;

/// Lab 07's figures.
pub fn figures() -> Vec<Figure> {
    vec![]
}
