package counterfoil

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// NewIdempotencyKey is a random UUID v4 for the Idempotency-Key header.
func NewIdempotencyKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// IsIdempotentOperation says whether METHOD path matches one of IdempotentOperations (generated from the
// OpenAPI document): those take an Idempotency-Key, so a retry replays instead of acting twice.
func IsIdempotentOperation(method, path string) bool {
	segments := strings.Split(strings.Trim(path, "/"), "/")
	for _, op := range IdempotentOperations {
		m, tmpl, _ := strings.Cut(op, " ")
		if m != method {
			continue
		}
		parts := strings.Split(strings.Trim(tmpl, "/"), "/")
		if len(parts) != len(segments) {
			continue
		}
		match := true
		for i, p := range parts {
			if !strings.HasPrefix(p, "{") && p != segments[i] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// The retry rule both SDKs share (docs/sdk.md; testdata/retry-rule.json holds the vectors each tests):
// 429, 500, 502, 503 and 504 are worth another attempt, Retry-After is whole seconds or an HTTP date, and
// no wait exceeds MaxRetryDelay.
var RetryableStatuses = []int{429, 500, 502, 503, 504}

// MaxRetryDelay caps any one wait, whatever Retry-After asks.
const MaxRetryDelay = 10 * time.Second

// IsRetryableStatus says whether the rule retries an answer with this status.
func IsRetryableStatus(status int) bool {
	for _, s := range RetryableStatuses {
		if s == status {
			return true
		}
	}
	return false
}

// RetryAfter reads a Retry-After header (seconds or an HTTP date, RFC 9110 section 10.2.3) as a wait
// from now; false when absent or unreadable.
func RetryAfter(header string, now time.Time) (time.Duration, bool) {
	header = strings.TrimSpace(header)
	if header == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(header); err == nil {
		if s < 0 {
			return 0, false
		}
		return time.Duration(s) * time.Second, true
	}
	at, err := http.ParseTime(header)
	if err != nil {
		return 0, false
	}
	if d := at.Sub(now); d > 0 {
		return d, true
	}
	return 0, true
}

// RetryTransport keys and retries requests. Keyed operations get an Idempotency-Key when they carry
// none, and every attempt sends the same one. Network errors and 500/502/503/504 are retried for GET,
// HEAD, OPTIONS, PUT, DELETE and keyed operations only (anything else may have acted); 429 is retried for all (it did not act).
// Retry-After (seconds or a date) is honoured, else the delay doubles from BaseDelay.
type RetryTransport struct {
	Base       http.RoundTripper
	MaxRetries int           // default 3
	BaseDelay  time.Duration // default 200ms
	MaxDelay   time.Duration // cap on any one wait; default MaxRetryDelay (10s)
	Sleep      func(time.Duration)
}

func (t *RetryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	retries, delay, maxDelay := t.MaxRetries, t.BaseDelay, t.MaxDelay
	if retries == 0 {
		retries = 3
	}
	if delay == 0 {
		delay = 200 * time.Millisecond
	}
	if maxDelay == 0 {
		maxDelay = MaxRetryDelay
	}
	sleep := t.Sleep
	if sleep == nil {
		sleep = time.Sleep
	}
	keyed := IsIdempotentOperation(req.Method, req.URL.Path)
	var body []byte
	if req.Body != nil {
		var err error
		if body, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
		req.Body.Close()
	}
	req = req.Clone(req.Context())
	if keyed && req.Header.Get("Idempotency-Key") == "" {
		req.Header.Set("Idempotency-Key", NewIdempotencyKey())
	}
	// The methods RFC 9110 makes idempotent, as the TypeScript SDK does, and keyed operations.
	safe := req.Method == http.MethodGet || req.Method == http.MethodHead || req.Method == http.MethodOptions || req.Method == http.MethodPut || req.Method == http.MethodDelete || keyed
	for attempt := 0; ; attempt++ {
		if body != nil {
			req.Body = io.NopCloser(bytes.NewReader(body))
		}
		res, err := base.RoundTrip(req)
		retry := false
		wait := delay << attempt
		if err != nil {
			retry = safe
		} else if res.StatusCode == http.StatusTooManyRequests || (IsRetryableStatus(res.StatusCode) && safe) {
			retry = true
			if d, ok := RetryAfter(res.Header.Get("Retry-After"), time.Now()); ok {
				wait = d
			}
		}
		if !retry || attempt >= retries {
			return res, err
		}
		if res != nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		if wait > maxDelay {
			wait = maxDelay
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		default:
		}
		sleep(wait)
	}
}
