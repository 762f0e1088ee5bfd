// Package switches finds the conditions on a function's parameters that a write in it
// needs, and the calls that turn the write off.
//
// A helper shared by several controllers often writes only when its caller says so:
// if !params.ApplyChanges { return nil } before the write, or if apply { write }. The
// write then needs a bool parameter, or a bool field of a struct parameter, to be
// true (or false), or a parameter to equal a constant or not (if policy ==
// FinalizeAnyway { return nil }: an enum's value, the Switch's Const): a Switch.
// Requires finds them on the path to a node (enclosing ifs, earlier ifs whose body
// leaves in a block or a case clause, through !, && and ||, and bool variables
// assigned once); Off tells a call that hands in the other constant (false, or a composite
// literal that sets the field to it or leaves it out), from which the write is
// unreachable; Translate carries a callee's switches to the caller that passes its own
// parameter on, so that they travel through calls and, in the analyzers' facts,
// across packages. Only constants decide: a switch a call fills with a value computed
// at run time is not known, and the write counts.
//
// Two more kinds of switch come from shared write helpers. A Call switch: the write
// needs a yes from a function parameter (if err := mutate(); err != nil { return };
// if !accept() { return }); FuncLiteral gives the literal a call hands in for it,
// for an analyzer to judge, and Translate hands it on to the caller's own function
// parameter when the literal says yes only with that one's yes (return fn()). A Holds
// switch: the write needs an interface parameter to hold one concrete type (the
// analyzer adds it where a call through an interface runs the one implementation that
// writes); Off and Translate tell a call that hands in a value of another concrete
// type.
package switches
