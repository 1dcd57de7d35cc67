package counterfoil

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
)

// tokenServer issues token-<n> for the n-th request, valid for expiresIn seconds, after checking the
// client-credentials body the way the API does.
func tokenServer(t *testing.T, expiresIn int, status int) (*httptest.Server, *atomic.Int32) {
	var issued atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/oauth/token" {
			t.Errorf("unexpected %s %s", r.Method, r.URL.Path)
		}
		var body map[string]string
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			t.Errorf("token body: %v", err)
		}
		if body["grant_type"] != "client_credentials" || body["client_id"] != "id-1" || body["client_secret"] != "secret-1" {
			t.Errorf("token body = %v", body)
		}
		if status != http.StatusOK {
			w.WriteHeader(status)
			return
		}
		n := issued.Add(1)
		w.Header().Set("content-type", "application/json")
		fmt.Fprintf(w, `{"access_token":"token-%d","token_type":"Bearer","expires_in":%d}`, n, expiresIn)
	}))
	t.Cleanup(srv.Close)
	return srv, &issued
}

func TestTokenSourceReusesALiveToken(t *testing.T) {
	srv, issued := tokenServer(t, 3600, http.StatusOK)
	src := &TokenSource{BaseURL: srv.URL + "/", ClientID: "id-1", ClientSecret: "secret-1"}
	for i := 0; i < 3; i++ {
		got, err := src.Token(context.Background())
		if err != nil || got != "token-1" {
			t.Fatalf("call %d: %q, %v", i, got, err)
		}
	}
	if issued.Load() != 1 {
		t.Fatalf("%d token requests for one live token", issued.Load())
	}
}

func TestTokenSourceRenewsATokenAboutToExpire(t *testing.T) {
	// 30 s left is inside the one-minute margin: every call fetches a fresh token.
	srv, issued := tokenServer(t, 30, http.StatusOK)
	src := &TokenSource{BaseURL: srv.URL, ClientID: "id-1", ClientSecret: "secret-1"}
	first, _ := src.Token(context.Background())
	second, err := src.Token(context.Background())
	if err != nil || first != "token-1" || second != "token-2" || issued.Load() != 2 {
		t.Fatalf("first %q second %q (%v), %d requests", first, second, err, issued.Load())
	}
}

func TestTokenSourceFetchesOnceForConcurrentCallers(t *testing.T) {
	srv, issued := tokenServer(t, 3600, http.StatusOK)
	src := &TokenSource{BaseURL: srv.URL, ClientID: "id-1", ClientSecret: "secret-1"}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got, err := src.Token(context.Background()); err != nil || got != "token-1" {
				t.Errorf("%q, %v", got, err)
			}
		}()
	}
	wg.Wait()
	if issued.Load() != 1 {
		t.Fatalf("%d token requests from 8 concurrent callers", issued.Load())
	}
}

func TestTokenSourceReportsARefusal(t *testing.T) {
	srv, _ := tokenServer(t, 3600, http.StatusUnauthorized)
	src := &TokenSource{BaseURL: srv.URL, ClientID: "id-1", ClientSecret: "secret-1"}
	if got, err := src.Token(context.Background()); err == nil || got != "" {
		t.Fatalf("a 401 gave %q, %v", got, err)
	}
}

func TestAuthorizeSetsTheBearerExceptOnTheTokenRoute(t *testing.T) {
	srv, _ := tokenServer(t, 3600, http.StatusOK)
	src := &TokenSource{BaseURL: srv.URL, ClientID: "id-1", ClientSecret: "secret-1"}
	api, _ := http.NewRequest(http.MethodGet, srv.URL+"/clients", nil)
	if err := src.Authorize(context.Background(), api); err != nil || api.Header.Get("Authorization") != "Bearer token-1" {
		t.Fatalf("Authorization %q, %v", api.Header.Get("Authorization"), err)
	}
	token, _ := http.NewRequest(http.MethodPost, srv.URL+"/oauth/token", nil)
	if err := src.Authorize(context.Background(), token); err != nil || token.Header.Get("Authorization") != "" {
		t.Fatalf("the token route got Authorization %q, %v", token.Header.Get("Authorization"), err)
	}
}
