//! Going further: a faster skinning loop (in progress).
