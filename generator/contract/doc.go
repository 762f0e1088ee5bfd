// Package contract is the contract between a run and its generators: the [Generator]
// interface each generator implements, and the [Context] one load produces and every
// generator of the run reads.
//
// It exists apart from package generator so that generator packages can depend on
// these types while package generator depends on every generator package to list them
// in one ordered slice. Generators never import each other: what two of them must agree
// on (a kind's derived Go names, which kinds have a reconciler) is on the model.
//
// Generators are pure: they read the Context and return artifact.Files in memory, and
// name the places they own ([artifact.Claim]) so that an output whose cause is gone is
// deleted. Only package output writes to disk, so `opgen generate --check` and the
// golden tests reuse the exact bytes a real run would write.
package contract
