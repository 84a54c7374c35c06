// Placeholder while the tree is assembled.
