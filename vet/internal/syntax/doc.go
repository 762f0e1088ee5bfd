// Package syntax holds the analyzers' helpers on Go syntax that know nothing of
// Kubernetes: the variable an expression reads (Root), the function around a node
// (EnclosingFunc, DeclaringBody), a parameter's position (ParamIndex), the values a
// variable is assigned (ValueOf, ValuesOf), whether a statement list leaves its block
// (Leaves) or the function (Exits: a return or a panic, or a terminating statement as
// the Go specification has it: an if and else that both leave, a switch with a
// default whose every clause leaves), the statements a block or a clause holds (Stmts), a test of an error
// against nil (ErrIs), where a method call's name is (MethodPos), the fields a struct literal gives
// (StructFields), a comparison with its operands swapped (Mirrored), the marker lines
// of a comment (Markers), a condition that finds a value empty (FoundEmpty, with
// IsEmptyValue and ZeroConst), a function name that says it takes away (Removes),
// and a branch that repeats the test of an earlier one that left (RepeatedGuard: if
// err != nil { return }; if err != nil { never runs }).
//
// Root follows x.DeepCopy() and x.DeepCopyObject() to x by the method's name: a deep
// copy keeps what the analyzers follow an object for, its resourceVersion, and every
// generated API type spells its copy so. Removes reads a function's name for what it
// does to what it is handed (RemoveStatusCondition, ClearX). Those are the names this
// package matches; the APIs of Kubernetes are recognised by type in package kubetypes.
package syntax
