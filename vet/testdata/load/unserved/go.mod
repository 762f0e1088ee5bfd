module example.com/unserved

go 1.22

// No proxy serves this module (the tests run with GOPROXY=off or an empty file://
// proxy): loading fails in the go command, before anything is type-checked.
require example.com/notserved v1.2.3
