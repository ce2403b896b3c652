//! Lab 05's handout figures (`lab*/figures/`): see `super::kit`.

use super::Figure;

/// Lab 05's figures.
pub fn figures() -> Vec<Figure> {
    vec![]
}
