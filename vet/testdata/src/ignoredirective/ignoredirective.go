package ignoredirective

func f() {
	//opguard:ignore statusupdate status is written once, at creation
	_ = 1
	_ = 2 //opguard:ignore statusupdate,requeue two analyzers, one reason
	//opguard:ignore statusupdate // want `//opguard:ignore statusupdate needs a reason; without one it silences nothing`
	_ = 3
	//opguard:ignore // want `//opguard:ignore needs an analyzer name and a reason`
	_ = 4
	//opguard:ignore statusupdates the reason // want `unknown analyzer "statusupdates" \(did you mean "statusupdate"\?\)`
	_ = 5
	//opguard:ignore nosuchthing the reason // want `unknown analyzer "nosuchthing"$`
	_ = 6
	// opguard:ignore statusupdate with a space // want `not a directive: write //opguard:ignore with no space after //`
	_ = 7
	//opguard:ignoreall is another word, not this directive
	_ = 8
}
