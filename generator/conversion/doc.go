// Package conversion generates, for every spoke of a kind served through a conversion
// webhook (a version of the kind declares Hub(), see model.Conversion) whose own files
// call it, the part of its conversion that follows from the types:
// zz_generated.conversion.go in the spoke's package, with
//
//   - convert<Kind>ToHub(src, dst) and convert<Kind>FromHub(src, dst), which the
//     spoke's ConvertTo and ConvertFrom (the user's, scaffolded by opgen create webhook
//     --conversion) call;
//   - one such pair per struct type both versions declare under the same name, reached
//     from the kind;
//
// converting every field whose Go name matches on the other side and whose type is the
// same (or a struct, pointer, slice or map of a struct the versions share by name, or a
// named type of the same name and underlying type). TypeMeta is never copied: the
// webhook sets each object's apiVersion. Status converts like the spec, so
// observedGeneration and conditions survive, and the hub's status writer keeps working
// while clients use a spoke.
//
// Every field with no such match on the other side is the user's: the generated code
// calls convert<Type><Field>ToHub(in, out) (or ...FromHub for a field only the hub has),
// which the user writes beside ConvertTo. Until it exists the package does not compile,
// and the compiler names the function and so the field: a field added later cannot be
// dropped silently. [Hooks] lists them, with a suggested body where one unmatched field
// on each side has the same type (a rename), for opgen create webhook to scaffold.
//
// zz_generated.conversion_test.go beside it round-trips fuzzed objects (randfill)
// spoke → hub → spoke and hub → spoke → hub in-process and requires them unchanged: a
// hook that forgets a field fails it.
package conversion
