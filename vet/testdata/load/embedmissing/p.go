// Package p embeds a file its repository does not hold (a chart built by make, a file
// left out of a checkout).
package p

import _ "embed"

//go:embed chart.tgz
var chart []byte
