// Package e2e runs the SDK against a running Counterfoil, on the same flow as the TypeScript SDK's
// program (test/fixtures/sdk/program.mjs): a token, a client, a transfer and a withdrawal each with
// metadata, a list across pages, a verified webhook and a signed /v1 quote. The stack is named by the
// COUNTERFOIL_* variables below; without them the test fails rather than passing on nothing.
package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/counterfoil/counterfoil-go/counterfoil"
)

// stack is what the test needs to know of the running Counterfoil; every field is required.
type stack struct {
	APIURL, SignedURL, ClientID, ClientSecret, EnterpriseID, AccountRef, DestinationID, APIKey, PrivateKey, Run string
}

func stackFromEnv(t *testing.T) stack {
	names := []string{"API_URL", "SIGNED_URL", "CLIENT_ID", "CLIENT_SECRET", "ENTERPRISE_ID", "ACCOUNT_REF", "DESTINATION_ID", "API_KEY", "PRIVATE_KEY", "RUN"}
	values := map[string]string{}
	var missing []string
	for _, n := range names {
		values[n] = os.Getenv("COUNTERFOIL_" + n)
		if values[n] == "" {
			missing = append(missing, "COUNTERFOIL_"+n)
		}
	}
	if len(missing) > 0 {
		t.Fatalf("no Counterfoil to run against: set %s (the repository's jest run sets them, test/e2e/sdk-typescript.test.ts)", strings.Join(missing, ", "))
	}
	return stack{values["API_URL"], values["SIGNED_URL"], values["CLIENT_ID"], values["CLIENT_SECRET"], values["ENTERPRISE_ID"], values["ACCOUNT_REF"], values["DESTINATION_ID"], values["API_KEY"], values["PRIVATE_KEY"], values["RUN"]}
}

func TestFlowAgainstTheStack(t *testing.T) {
	s := stackFromEnv(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	tokens := &counterfoil.TokenSource{BaseURL: s.APIURL, ClientID: s.ClientID, ClientSecret: s.ClientSecret}
	api, err := counterfoil.NewClientWithResponses(s.APIURL,
		counterfoil.WithHTTPClient(&http.Client{Transport: &counterfoil.RetryTransport{}}),
		counterfoil.WithRequestEditorFn(tokens.Authorize))
	if err != nil {
		t.Fatal(err)
	}
	scope := "enterprises/" + s.EnterpriseID
	result := map[string]any{}

	// A client with metadata, and two more to page through; the transport keys each creation.
	var created []counterfoil.Client
	for n := 1; n <= 3; n++ {
		metadata := map[string]string{"order_id": fmt.Sprintf("ord_%d", n)}
		res, err := api.CreateClientWithResponse(ctx, &counterfoil.CreateClientParams{}, counterfoil.ClientCreate{
			DisplayName: fmt.Sprintf("Go holder %d", n), ExternalId: fmt.Sprintf("go-%s-%d", s.Run, n), Metadata: &metadata, ScopeRef: scope,
		})
		need(t, "create client", err)
		created = append(created, *answer(t, "create client", res, res.JSON201))
	}
	if got := created[0].Metadata["order_id"]; got != "ord_1" {
		t.Errorf("client metadata: got %q, want ord_1", got)
	}

	// A conditional GET naming the client's ETag is 304 Not Modified: no body to decode, the tag again.
	held := counterfoil.IfNoneMatch(created[0].Etag)
	unchanged, err := api.GetClientWithResponse(ctx, created[0].Id, &counterfoil.GetClientParams{IfNoneMatch: &held})
	need(t, "conditional get", err)
	if unchanged.StatusCode() != http.StatusNotModified || unchanged.JSON200 != nil || len(unchanged.Body) != 0 || unchanged.HTTPResponse.Header.Get("ETag") != created[0].Etag {
		t.Errorf("conditional get: %d, body %q, ETag %q (want 304, empty, %q)", unchanged.StatusCode(), unchanged.Body, unchanged.HTTPResponse.Header.Get("ETag"), created[0].Etag)
	}

	// Money: a transfer and a withdrawal, each with the integrator's reference and metadata.
	transferBody := counterfoil.InternalTransferCreate{SourceRef: s.AccountRef, TargetRef: created[0].DefaultClientAccount, Reference: ptr("order-" + s.Run), Metadata: &counterfoil.Metadata{"order_id": "ord_1"}}
	transferBody.Amount.Currency, transferBody.Amount.Value = "USDC", "1.50"
	tr, err := api.CreateInternalTransferWithResponse(ctx, &counterfoil.CreateInternalTransferParams{}, transferBody)
	need(t, "transfer", err)
	transfer := answer(t, "transfer", tr, tr.JSON201)
	if transfer.Status != "executed" || deref(transfer.Reference) != "order-"+s.Run || transfer.Metadata["order_id"] != "ord_1" {
		t.Errorf("transfer: status %s, reference %q, metadata %v", transfer.Status, deref(transfer.Reference), transfer.Metadata)
	}
	withdrawalBody := counterfoil.WithdrawalCreate{AccountRef: s.AccountRef, Rail: "ethereum", WithdrawalDestinationId: s.DestinationID, Reference: ptr("payout-" + s.Run), Metadata: &counterfoil.Metadata{"payout_id": "po_1"}}
	withdrawalBody.Amount.Currency, withdrawalBody.Amount.Value = "USDC", "2.00"
	wr, err := api.CreateWithdrawalWithResponse(ctx, &counterfoil.CreateWithdrawalParams{}, withdrawalBody)
	need(t, "withdrawal", err)
	withdrawal := answer(t, "withdrawal", wr, wr.JSON201)
	if deref(withdrawal.Reference) != "payout-"+s.Run || withdrawal.Metadata["payout_id"] != "po_1" {
		t.Errorf("withdrawal: reference %q, metadata %v", deref(withdrawal.Reference), withdrawal.Metadata)
	}
	result["transfer"], result["withdrawal"] = transfer.Id, withdrawal.Id

	// A refusal is problem+json with its code: the same transfer from an account that does not exist.
	missingBody := transferBody
	missingBody.SourceRef, missingBody.Reference, missingBody.Metadata = "client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab", nil, nil
	refused, err := api.CreateInternalTransferWithResponse(ctx, &counterfoil.CreateInternalTransferParams{}, missingBody)
	need(t, "transfer from a missing account", err)
	if refused.StatusCode() != http.StatusNotFound || refused.ApplicationproblemJSON404 == nil || refused.ApplicationproblemJSON404.Code != "EdgeNotFound" {
		t.Errorf("transfer from a missing account: %d %s", refused.StatusCode(), refused.Body)
	}

	// A list across pages of one.
	pageSize, pages := 1, 0
	var seen []string
	for c, err := range counterfoil.All(ctx, func(ctx context.Context, token *string) (counterfoil.Page[counterfoil.Client], error) {
		pages++
		res, err := api.ListClientsWithResponse(ctx, &counterfoil.ListClientsParams{PageSize: &pageSize, PageToken: token})
		if err != nil {
			return counterfoil.Page[counterfoil.Client]{}, err
		}
		if res.JSON200 == nil {
			return counterfoil.Page[counterfoil.Client]{}, fmt.Errorf("list clients: %d %s", res.StatusCode(), res.Body)
		}
		return counterfoil.Page[counterfoil.Client]{Items: res.JSON200.Items, NextPageToken: res.JSON200.NextPageToken}, nil
	}) {
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, c.Id)
	}
	for _, c := range created {
		if !slices.Contains(seen, c.Id) {
			t.Errorf("client %s not in the list of %d pages", c.Id, pages)
		}
	}
	if pages < 4 {
		t.Errorf("list of 3 clients in pages of 1: %d pages", pages)
	}

	// A webhook delivered to this process and verified; the same body altered is refused.
	type delivery struct {
		header http.Header
		body   []byte
	}
	deliveries := make(chan delivery, 8)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		deliveries <- delivery{r.Header.Clone(), body}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer receiver.Close()
	sr, err := api.CreateWebhookSubscriptionWithResponse(ctx, &counterfoil.CreateWebhookSubscriptionParams{}, counterfoil.WebhookSubscriptionCreate{
		ScopeRef: scope, Url: receiver.URL + "/hook", EventTypes: []string{"webhooks.subscription.updated.v1"},
	})
	need(t, "subscribe", err)
	subscription := answer(t, "subscribe", sr, sr.JSON201)
	ur, err := api.UpdateWebhookSubscriptionWithResponse(ctx, subscription.Id, &counterfoil.UpdateWebhookSubscriptionParams{}, counterfoil.WebhookSubscriptionUpdate{Description: ptr("touched by the Go SDK")})
	need(t, "update subscription", err)
	answer(t, "update subscription", ur, ur.JSON200)
	var d delivery
	select {
	case d = <-deliveries:
	case <-time.After(60 * time.Second):
		t.Fatal("no webhook delivery within 60 s")
	}
	if err := counterfoil.VerifyWebhook(subscription.Secret, d.body, d.header, time.Now()); err != nil {
		t.Fatalf("verify the delivery: %v", err)
	}
	var event struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(d.body, &event); err != nil || event.Type != "webhooks.subscription.updated.v1" {
		t.Errorf("delivered event: %v, type %q", err, event.Type)
	}
	if err := counterfoil.VerifyWebhook(subscription.Secret, []byte(strings.Replace(string(d.body), "touched", "forged", 1)), d.header, time.Now()); err != counterfoil.ErrWebhookSignature {
		t.Errorf("a tampered delivery: got %v, want ErrWebhookSignature", err)
	}

	// The signed /v1 API: a quote.
	key, err := counterfoil.KeyFromPKCS8(s.PrivateKey)
	if err != nil {
		t.Fatal(err)
	}
	signed := &counterfoil.SignedClient{BaseURL: s.SignedURL, APIKey: s.APIKey, Key: key}
	quote, err := signed.Post("/v1/convert/getQuote", map[string]any{"fromTicker": "usd", "toTicker": "usdc", "fromAmount": "10.00"})
	if err != nil {
		t.Fatal(err)
	}
	var quoted struct {
		QuoteID string `json:"quoteId"`
	}
	if quote.Status != http.StatusOK || json.Unmarshal(quote.Body, &quoted) != nil || quoted.QuoteID == "" {
		t.Errorf("signed quote: %d %s", quote.Status, quote.Body)
	}

	// For the jest test, which checks on the server that the money moved once.
	out, _ := json.Marshal(result)
	fmt.Printf("counterfoil-e2e: %s\n", out)
}

// response is what every generated *Response has.
type response interface {
	StatusCode() int
}

// need stops the test when a call did not get an answer.
func need(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// answer stops the test unless the call answered the success body it expected.
func answer[T any](t *testing.T, what string, res response, body *T) *T {
	t.Helper()
	if body == nil {
		t.Fatalf("%s: answered %d", what, res.StatusCode())
	}
	return body
}

func ptr[T any](v T) *T { return &v }

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
