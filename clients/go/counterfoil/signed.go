package counterfoil

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"
)

// pkcs8Ed25519Prefix is the PKCS#8 DER header of an Ed25519 private key (RFC 8410); the 32-byte seed follows.
var pkcs8Ed25519Prefix = []byte{0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20}

// KeyFromPKCS8 returns the Ed25519 key inside a base64 PKCS#8 DER private key, as POST /api-keys returns it.
func KeyFromPKCS8(privateKeyBase64 string) (ed25519.PrivateKey, error) {
	der, err := base64.StdEncoding.DecodeString(privateKeyBase64)
	if err != nil || len(der) != 48 || !bytes.Equal(der[:16], pkcs8Ed25519Prefix) {
		return nil, errors.New("counterfoil: not an Ed25519 private key in PKCS#8 DER (base64)")
	}
	return ed25519.NewKeyFromSeed(der[16:]), nil
}

// SignBody is the base64 Ed25519 signature over the exact body bytes (the x-signature header).
func SignBody(body []byte, key ed25519.PrivateKey) string {
	return base64.StdEncoding.EncodeToString(ed25519.Sign(key, body))
}

// SignedClient calls the signed API (/v1): x-apikey on every request, every POST body signed.
type SignedClient struct {
	BaseURL    string // without /v1
	APIKey     string
	Key        ed25519.PrivateKey
	RecvWindow int    // ms; sent with every POST when > 0
	APIVersion string // Counterfoil-Version when set
	HTTPClient *http.Client
	Now        func() time.Time
}

// SignedResponse is a signed API answer: status, headers and the raw JSON body.
type SignedResponse struct {
	Status int
	Header http.Header
	Body   json.RawMessage
}

// Get sends a GET with the API key.
func (c *SignedClient) Get(path string) (*SignedResponse, error) {
	return c.send(http.MethodGet, path, nil)
}

// Post sends params plus timestamp (and recvWindow), signed over the exact JSON bytes sent.
func (c *SignedClient) Post(path string, params map[string]any) (*SignedResponse, error) {
	body := map[string]any{}
	for k, v := range params {
		body[k] = v
	}
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	body["timestamp"] = now().UnixMilli()
	if c.RecvWindow > 0 {
		body["recvWindow"] = c.RecvWindow
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	return c.send(http.MethodPost, path, raw)
}

func (c *SignedClient) send(method, path string, body []byte) (*SignedResponse, error) {
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, c.BaseURL+path, reader)
	if err != nil {
		return nil, err
	}
	req.Header.Set("x-apikey", c.APIKey)
	if body != nil {
		req.Header.Set("content-type", "application/json")
		req.Header.Set("x-signature", SignBody(body, c.Key))
	}
	if c.APIVersion != "" {
		req.Header.Set("counterfoil-version", c.APIVersion)
	}
	hc := c.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	return &SignedResponse{Status: res.StatusCode, Header: res.Header, Body: raw}, nil
}
