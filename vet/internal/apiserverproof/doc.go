// Package apiserverproof proves, against a real kube-apiserver and etcd (envtest), the
// facts about the API server that the analyzers' rules rest on. It holds no code, only
// tests; the analyzers cite these tests where their doc says the server does something.
//
//   - A status patch made with client.MergeFrom from a copy taken before the change is
//     {} when nothing changed; the API server does not persist it: the resourceVersion
//     stays and no watch event is sent, so such a write cannot feed an
//     update–watch–update loop (statusupdate's rule 4). With a change it is written and
//     watched like any other, and so is a patch made with MergeFromWithOptimisticLock.
//   - A server-side apply of the status that its field manager already applied, with
//     the values stored, is not persisted either: no new resourceVersion, no watch
//     event (statusupdate's rule 5 takes Status().Apply and a Patch of client.Apply
//     for a diff); an apply that changes a value is written.
//   - A status write changes the resourceVersion but not metadata.generation, which is
//     why a generation predicate on For() ends the loop (unfilteredfor), and why a
//     predicate that passes every resourceVersion change does not.
package apiserverproof
