// Package gomock is a stub of go.uber.org/mock/gomock for analysistest.
package gomock

// Controller is the stub of gomock's mock controller.
type Controller struct{}

// Call is the stub of a recorded call.
type Call struct{}
