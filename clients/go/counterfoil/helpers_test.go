package counterfoil

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// The Standard Webhooks specification's test vector.
const (
	vectorSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	vectorID     = "msg_p5jXN8AQM9LWM0D4loKWxJek"
	vectorTS     = "1614265330"
	vectorBody   = `{"test": 2432232314}`
	vectorSig    = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
)

func vectorHeader(sig string) http.Header {
	h := http.Header{}
	h.Set("webhook-id", vectorID)
	h.Set("webhook-timestamp", vectorTS)
	h.Set("webhook-signature", sig)
	return h
}

func TestVerifyWebhook(t *testing.T) {
	at := time.Unix(1614265330, 0)
	cases := []struct {
		name string
		sig  string
		body string
		now  time.Time
		ok   bool
	}{
		{"the vector", vectorSig, vectorBody, at, true},
		{"one of two signatures (rotation)", "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= " + vectorSig, vectorBody, at, true},
		{"body changed", vectorSig, vectorBody + " ", at, false},
		{"only a wrong signature", "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", vectorBody, at, false},
		{"another version", strings.Replace(vectorSig, "v1,", "v2,", 1), vectorBody, at, false},
		{"4m59s old", vectorSig, vectorBody, at.Add(4*time.Minute + 59*time.Second), true},
		{"6 minutes old", vectorSig, vectorBody, at.Add(6 * time.Minute), false},
		{"6 minutes ahead", vectorSig, vectorBody, at.Add(-6 * time.Minute), false},
	}
	for _, c := range cases {
		err := VerifyWebhook(vectorSecret, []byte(c.body), vectorHeader(c.sig), c.now)
		if (err == nil) != c.ok {
			t.Errorf("%s: got %v, want ok=%v", c.name, err, c.ok)
		}
	}
}

func TestSignBodyVerifies(t *testing.T) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	der := append(append([]byte{}, pkcs8Ed25519Prefix...), priv.Seed()...)
	key, err := KeyFromPKCS8(base64.StdEncoding.EncodeToString(der))
	if err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"symbol":"USDCUSD","timestamp":1}`)
	sig, _ := base64.StdEncoding.DecodeString(SignBody(body, key))
	if !ed25519.Verify(pub, body, sig) {
		t.Fatal("signature does not verify with the public key")
	}
	if _, err := KeyFromPKCS8(base64.StdEncoding.EncodeToString(der[:40])); err == nil {
		t.Fatal("a truncated key was accepted")
	}
}

// server answers with the given statuses in turn and records each attempt's Idempotency-Key.
func server(t *testing.T, statuses []int, retryAfter string) (*httptest.Server, *[]string) {
	var mu sync.Mutex
	var keys []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		status := statuses[min(len(keys)-1, len(statuses)-1)]
		if retryAfter != "" {
			w.Header().Set("Retry-After", retryAfter)
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(srv.Close)
	return srv, &keys
}

func TestRetryRules(t *testing.T) {
	if len(IdempotentOperations) == 0 {
		t.Fatal("no idempotent operations generated")
	}
	keyedPath := ""
	for _, op := range IdempotentOperations {
		if strings.HasPrefix(op, "POST ") && !strings.Contains(op, "{") {
			keyedPath = strings.TrimPrefix(op, "POST ")
			break
		}
	}
	cases := []struct {
		name       string
		method     string
		path       string
		statuses   []int
		retryAfter string
		attempts   int
		waits      []time.Duration
	}{
		{"keyed POST after 503, honouring Retry-After", "POST", keyedPath, []int{503, 503, 201}, "2", 3, []time.Duration{2 * time.Second, 2 * time.Second}},
		{"unkeyed POST after 500: not retried", "POST", "/no-such-operation", []int{500, 201}, "", 1, nil},
		{"unkeyed POST after 429: retried", "POST", "/no-such-operation", []int{429, 201}, "", 2, []time.Duration{100 * time.Millisecond}},
		{"GET after 502, doubling", "GET", "/anything", []int{502, 502, 502, 502, 200}, "", 4, []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond}},
		{"4xx is final", "POST", keyedPath, []int{422}, "", 1, nil},
	}
	for _, c := range cases {
		srv, keys := server(t, c.statuses, c.retryAfter)
		var waits []time.Duration
		client := &http.Client{Transport: &RetryTransport{BaseDelay: 100 * time.Millisecond, Sleep: func(d time.Duration) { waits = append(waits, d) }}}
		req, _ := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(`{}`))
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		res.Body.Close()
		if len(*keys) != c.attempts {
			t.Errorf("%s: %d attempts, want %d", c.name, len(*keys), c.attempts)
		}
		if len(waits) != len(c.waits) {
			t.Errorf("%s: waits %v, want %v", c.name, waits, c.waits)
		} else {
			for i := range waits {
				if waits[i] != c.waits[i] {
					t.Errorf("%s: waits %v, want %v", c.name, waits, c.waits)
				}
			}
		}
		if c.path == keyedPath {
			for _, k := range *keys {
				if k == "" || k != (*keys)[0] {
					t.Errorf("%s: keys %v, want one key on every attempt", c.name, *keys)
				}
			}
		}
	}
}

func TestRetryAfterNetworkError(t *testing.T) {
	srv, _ := server(t, []int{200}, "")
	url := srv.URL
	srv.Close()
	attempts := 0
	client := &http.Client{Transport: &RetryTransport{MaxRetries: 2, Sleep: func(time.Duration) { attempts++ }}}
	if _, err := client.Get(url); err == nil {
		t.Fatal("a closed server answered")
	}
	if attempts != 2 {
		t.Fatalf("%d retries after a network error, want 2", attempts)
	}
}

func TestAllFollowsPageTokens(t *testing.T) {
	pages := map[string]Page[int]{"": {Items: []int{1, 2}, NextPageToken: ptr("b")}, "b": {Items: []int{3}, NextPageToken: ptr("c")}, "c": {Items: []int{4}}}
	var got []int
	for item, err := range All(t.Context(), func(_ context.Context, token *string) (Page[int], error) {
		if token == nil {
			return pages[""], nil
		}
		return pages[*token], nil
	}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, item)
	}
	if len(got) != 4 || got[3] != 4 {
		t.Fatalf("got %v, want [1 2 3 4]", got)
	}
}

func ptr(s string) *string { return &s }
