//! Internal consistency of a claim's redundant numbers.
