// Package wait is a stub of apimachinery's wait package for the analyzers' tests.
package wait

import (
	"context"
	"time"
)

type ConditionWithContextFunc func(context.Context) (bool, error)

func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	_, err := condition(ctx)
	return err
}

type Backoff struct{ Steps int }

type ConditionFunc func() (bool, error)

func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error {
	_, err := condition()
	return err
}

func PollUntilContextTimeout(ctx context.Context, interval, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return PollUntilContextCancel(ctx, interval, immediate, condition)
}

func Poll(interval, timeout time.Duration, condition ConditionFunc) error {
	for {
		if ok, err := condition(); err != nil || ok {
			return err
		}
	}
}
