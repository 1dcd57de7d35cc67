package counterfoil

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"
)

// TokenSource gets OAuth access tokens with client credentials (POST /oauth/token) and renews them a
// minute before they expire, so a long-running program never sends a stale one.
type TokenSource struct {
	BaseURL      string
	ClientID     string
	ClientSecret string
	HTTPClient   *http.Client

	mu      sync.Mutex
	token   string
	expires time.Time
}

// Token returns a live access token, fetching a new one when none is held or it is about to expire.
func (s *TokenSource) Token(ctx context.Context) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.token != "" && time.Until(s.expires) > time.Minute {
		return s.token, nil
	}
	body, _ := json.Marshal(map[string]string{"grant_type": "client_credentials", "client_id": s.ClientID, "client_secret": s.ClientSecret})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(s.BaseURL, "/")+"/oauth/token", strings.NewReader(string(body)))
	if err != nil {
		return "", err
	}
	req.Header.Set("content-type", "application/json")
	hc := s.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("counterfoil: token request answered %d", res.StatusCode)
	}
	var issued struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if err := json.NewDecoder(res.Body).Decode(&issued); err != nil {
		return "", err
	}
	s.token, s.expires = issued.AccessToken, time.Now().Add(time.Duration(issued.ExpiresIn)*time.Second)
	return s.token, nil
}

// Authorize is a request editor for the generated client: it sets the bearer token.
func (s *TokenSource) Authorize(ctx context.Context, req *http.Request) error {
	if strings.HasSuffix(req.URL.Path, "/oauth/token") {
		return nil
	}
	token, err := s.Token(ctx)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	return nil
}
