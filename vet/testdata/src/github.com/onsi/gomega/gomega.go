// Package gomega is a stub of github.com/onsi/gomega for analysistest.
package gomega

import "github.com/onsi/gomega/types"

type Gomega = types.Gomega

// Eventually polls its function until the matcher succeeds.
func Eventually(actualOrCtx any, args ...any) types.AsyncAssertion { return nil }

func Succeed() types.GomegaMatcher { return nil }
