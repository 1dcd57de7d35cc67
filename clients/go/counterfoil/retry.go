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

// RetryTransport keys and retries requests. Keyed operations get an Idempotency-Key when they carry
// none, and every attempt sends the same one. Network errors and 5xx are retried for GET, HEAD and
// keyed operations only (anything else may have acted); 429 is retried for all (it did not act).
// Retry-After (seconds) is honoured, else the delay doubles from BaseDelay.
type RetryTransport struct {
	Base       http.RoundTripper
	MaxRetries int           // default 3
	BaseDelay  time.Duration // default 200ms
	MaxDelay   time.Duration // cap on any one wait; default 30s
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
		maxDelay = 30 * time.Second
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
	safe := req.Method == http.MethodGet || req.Method == http.MethodHead || keyed
	for attempt := 0; ; attempt++ {
		if body != nil {
			req.Body = io.NopCloser(bytes.NewReader(body))
		}
		res, err := base.RoundTrip(req)
		retry := false
		wait := delay << attempt
		if err != nil {
			retry = safe
		} else if res.StatusCode == http.StatusTooManyRequests || (res.StatusCode >= 500 && safe) {
			retry = true
			if s, perr := strconv.Atoi(res.Header.Get("Retry-After")); perr == nil && s >= 0 {
				wait = time.Duration(s) * time.Second
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
