package counterfoil

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// WebhookTolerance is how far a message's webhook-timestamp may be from now (Standard Webhooks).
const WebhookTolerance = 5 * time.Minute

// ErrWebhookSignature is returned when no signature of a message verifies or its timestamp is stale.
var ErrWebhookSignature = errors.New("counterfoil: webhook signature does not verify")

// VerifyWebhook checks a Standard Webhooks message: HMAC-SHA256 over "<id>.<timestamp>.<body>" with the
// subscription's secret ("whsec_" + base64), any one of the space-separated "v1,<sig>" signatures
// (two during a secret rotation), and a timestamp within WebhookTolerance of now.
func VerifyWebhook(secret string, body []byte, header http.Header, now time.Time) error {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return errors.New("counterfoil: webhook secret is not whsec_<base64>")
	}
	id, ts, sigs := header.Get("webhook-id"), header.Get("webhook-timestamp"), header.Get("webhook-signature")
	if id == "" || ts == "" || sigs == "" {
		return ErrWebhookSignature
	}
	seconds, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrWebhookSignature
	}
	if d := now.Sub(time.Unix(seconds, 0)); d > WebhookTolerance || d < -WebhookTolerance {
		return ErrWebhookSignature
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + ts + "."))
	mac.Write(body)
	want := mac.Sum(nil)
	for _, part := range strings.Fields(sigs) {
		version, sig, ok := strings.Cut(part, ",")
		if !ok || version != "v1" {
			continue
		}
		got, err := base64.StdEncoding.DecodeString(sig)
		// hmac.Equal compares in constant time.
		if err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return ErrWebhookSignature
}
