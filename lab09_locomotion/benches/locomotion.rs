//! Placeholder: the bench lands with the reference.
fn main() {}
