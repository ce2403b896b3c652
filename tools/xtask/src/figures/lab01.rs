//! Lab 01's handout figures (`lab*/figures/`): see `super::kit`.

use super::Figure;

/// Lab 01's figures.
pub fn figures() -> Vec<Figure> {
    vec![]
}
