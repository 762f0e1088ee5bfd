// Command deadsetupcmd runs package deadsetupapp, which makes the manager: the
// operator's command is in view though its main makes no manager itself.
package main

import "opgen.test/precision/deadsetupapp"

func main() {
	if err := deadsetupapp.Run(); err != nil {
		panic(err)
	}
}
