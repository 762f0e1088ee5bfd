// Package merge is a three-way merge of text, line by line, as opgen upgrade merges a
// file the user owns: the base is what opgen scaffolded there, ours the file as the
// user has it, theirs what the new scaffold writes.
//
// [Diff] finds a longest common subsequence of two line sequences with Myers' O(ND)
// algorithm in linear space (the middle-snake divide and conquer), after the common
// prefix and suffix are set aside. [Merge] is diff3 on two such diffs against the base:
// the base is cut into stable chunks, where both sides keep the same base lines, and
// unstable chunks between them. In an unstable chunk:
//
//   - only one side changed the base lines: that side's lines are taken;
//   - both made the same change: it is taken once;
//   - both changed it differently: a conflict, written between standard markers
//     (<<<<<<< ours, =======, >>>>>>> theirs), with lines both sides begin or end the
//     chunk with left outside the markers, so the markers hold exactly the lines that
//     differ.
//
// Two changes with no unchanged base line between them are one chunk: they conflict
// unless they are the same, as in git's merge. A line is its bytes up to and including
// its newline; a last line without one is a line too, and a conflict that ends on one
// gets the newline the marker after it needs.
//
// No external program is run: the package is pure Go and works on bytes in memory.
package merge
