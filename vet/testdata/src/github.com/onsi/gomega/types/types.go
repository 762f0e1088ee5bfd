// Package types is a stub of github.com/onsi/gomega/types for analysistest.
package types

type GomegaMatcher interface {
	Match(actual any) (bool, error)
}

type AsyncAssertion interface {
	Should(matcher GomegaMatcher, optionalDescription ...any) bool
}

type Assertion interface {
	To(matcher GomegaMatcher, optionalDescription ...any) bool
}

type Gomega interface {
	Expect(actual any, extra ...any) Assertion
	Eventually(actualOrCtx any, args ...any) AsyncAssertion
}
