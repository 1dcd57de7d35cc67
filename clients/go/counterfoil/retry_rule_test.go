package counterfoil

import (
	"encoding/json"
	"os"
	"testing"
	"time"
)

// The shared retry rule's vectors; the TypeScript SDK's test reads the same file.
type retryRule struct {
	RetryableStatuses []int `json:"retryable_statuses"`
	MaxDelayMs        int64 `json:"max_delay_ms"`
	RetryAfter        []struct {
		Header string `json:"header"`
		NowMs  int64  `json:"now_ms"`
		WaitMs *int64 `json:"wait_ms"`
	} `json:"retry_after"`
	Statuses []struct {
		Status int  `json:"status"`
		Retry  bool `json:"retry"`
	} `json:"statuses"`
}

func TestSharedRetryRule(t *testing.T) {
	raw, err := os.ReadFile("testdata/retry-rule.json")
	if err != nil {
		t.Fatal(err)
	}
	var rule retryRule
	if err := json.Unmarshal(raw, &rule); err != nil {
		t.Fatal(err)
	}
	if MaxRetryDelay != time.Duration(rule.MaxDelayMs)*time.Millisecond {
		t.Errorf("MaxRetryDelay %v, the rule says %d ms", MaxRetryDelay, rule.MaxDelayMs)
	}
	if len(RetryableStatuses) != len(rule.RetryableStatuses) {
		t.Errorf("RetryableStatuses %v, the rule says %v", RetryableStatuses, rule.RetryableStatuses)
	}
	for _, c := range rule.Statuses {
		if IsRetryableStatus(c.Status) != c.Retry {
			t.Errorf("status %d: retry %v, want %v", c.Status, !c.Retry, c.Retry)
		}
	}
	for _, c := range rule.RetryAfter {
		d, ok := RetryAfter(c.Header, time.UnixMilli(c.NowMs))
		if c.WaitMs == nil {
			if ok {
				t.Errorf("Retry-After %q: read as %v, want unreadable", c.Header, d)
			}
			continue
		}
		if d > MaxRetryDelay {
			d = MaxRetryDelay
		}
		if !ok || d != time.Duration(*c.WaitMs)*time.Millisecond {
			t.Errorf("Retry-After %q at %d ms: %v (%v), want %d ms", c.Header, c.NowMs, d, ok, *c.WaitMs)
		}
	}
}
