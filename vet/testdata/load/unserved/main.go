// Package main imports a module that cannot be downloaded.
package main

import _ "example.com/notserved"

func main() {}
