/**
 * Generated from the tenant API's OpenAPI document by openapi-typescript (npm run generate:client).
 * Do not edit: the test run fails when this file differs from what the served document generates.
 */

export interface paths {
    "/action-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an action token
         * @description A short-lived (at most 5 minutes), single-use token bound to the caller (the subject of its access token), one governed action and one resource. A governed request without one is 428 EdgeActionTokenRequired; with one that is expired, already used, or bound to another subject, action or resource it is 403 EdgeForbidden. The token is spent when the governed request passes authentication, validation and the permission check, whatever the handler then answers; a retry needs a new token.
         *
         *     Governed actions:
         *     - `approvals.approve`: Approve an approval. resource_ref: `approvals/<id>`.
         *     - `approvals.reject`: Reject an approval. resource_ref: `approvals/<id>`.
         *     - `service_accounts.rotate_secret`: Rotate a service account secret. resource_ref: `service-accounts/<id>`.
         *     - `role_assignments.grant_enterprise_admin`: Grant the `enterprise-admin` role (POST /role-assignments). resource_ref: the `principal_ref` receiving the role.
         *     - `clients.record_kyc_decision`: Record a KYC decision for a client (POST /clients/{client_id}/kyc-decisions). resource_ref: `clients/<id>`.
         *     - `approvals.decide_many`: Approve or reject several approvals at once (POST /approvals/decisions). Give `batch {decision, approval_ids}` instead of resource_ref: the token is bound to the decision and the sorted list of ids (resource_ref `approval-decisions/<decision>/sha256:<hex of the sorted ids joined by commas>`).
         *
         *     Requires permission `action_tokens.create`.
         */
        post: operations["createActionToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Keys of the clients the caller may read keys of (all with an enterprise-wide grant), oldest first. Secrets are never listed.
         *
         *     Requires permission `api_keys.read`.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key for a client
         * @description Issues an API key and an Ed25519 key pair for the signed API (/v1). The key acts on `account_ref` (an account of the client) or, without it, on the client's default account. `api_key` and `private_key` are in this response only: the service keeps the key's hash and the public key. No Idempotency-Key: a replayed answer would have to store the private key. A closed client or account is 409.
         *
         *     Requires permission `api_keys.manage`.
         *
         *     Requires capability `api_keys`.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{api_key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an API key
         * @description Requires permission `api_keys.read`.
         */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an API key
         * @description Changes `label` and/or replaces `ip_allowlist` (an empty list admits any address). A revoked key is 409 `api_key_revoked`. With If-Match, a stale ETag is 412 and nothing changes.
         *
         *     Requires permission `api_keys.manage`.
         *
         *     Requires capability `api_keys`.
         */
        patch: operations["updateApiKey"];
        trace?: never;
    };
    "/api-keys/{api_key_id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivate a revoked API key
         * @description revoked → active with NEW key material: a new `api_key` and Ed25519 key pair are returned once; the old key and public key stay dead. An active key is 409 `api_key_active`; a closed client or account is 409. With If-Match, a stale ETag is 412 and nothing changes.
         *
         *     Requires permission `api_keys.manage`.
         *
         *     Requires capability `api_keys`.
         */
        post: operations["reactivateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{api_key_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description active → revoked: the key is refused (9007 INVALID_API_KEY) from the very next request. Already revoked is 409 `api_key_revoked`. With If-Match, a stale ETag is 412 and nothing changes.
         *
         *     Requires permission `api_keys.manage`.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List approvals
         * @description Requires permission `approvals.read`.
         */
        get: operations["listApprovals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{approval_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an approval
         * @description Requires permission `approvals.read`.
         */
        get: operations["getApproval"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{approval_id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a governed operation
         * @description Counts the caller towards the quorum (a second approval by the same user counts once); at the quorum the approval is `approved` and the operation proceeds. Only a human decides: a user token (403 `human_approval_required`) holding the approving role at the governed scope (403 `not_an_eligible_approver`); the initiator is refused when the rule bars it (403 `initiator_cannot_approve`). A decided or expired approval is 409 (`approval_<status>`). Needs an action token (`X-Action-Token`) for the action named below, bound to `approvals/<id>`. The decision is delivered to the governed workflow as a validated Update; the answer is the approval as the workflow accepted it. Action: `approvals.approve`.
         *
         *     Requires permission `approvals.decide`.
         *
         *     Requires an action token for action `approvals.approve` in X-Action-Token.
         */
        post: operations["approveApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{approval_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending approval (the initiator)
         * @description Only the initiator of the governed operation (403 `not_initiator`); the operation ends `cancelled` and its hold is released. A decided or expired approval is 409.
         *
         *     Requires permission `approvals.read`.
         */
        post: operations["cancelApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{approval_id}/eligible-approvers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users who may decide an approval
         * @description Active users holding the approving role through an active assignment that covers the governed account, minus the initiator when the rule bars it.
         *
         *     Requires permission `approvals.read`.
         */
        get: operations["listEligibleApprovers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{approval_id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a governed operation
         * @description One rejection rejects: the approval is `rejected` and the operation ends `rejected`, its hold released. Only a human decides: a user token (403 `human_approval_required`) holding the approving role at the governed scope (403 `not_an_eligible_approver`); the initiator is refused when the rule bars it (403 `initiator_cannot_approve`). A decided or expired approval is 409 (`approval_<status>`). Needs an action token (`X-Action-Token`) for the action named below, bound to `approvals/<id>`. The decision is delivered to the governed workflow as a validated Update; the answer is the approval as the workflow accepted it. Action: `approvals.reject`.
         *
         *     Requires permission `approvals.decide`.
         *
         *     Requires an action token for action `approvals.reject` in X-Action-Token.
         */
        post: operations["rejectApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject several approvals at once
         * @description Up to 100 approvals, one decision, one action token: `approvals.decide_many` issued with `batch` = this body's decision and ids (any order; the token binds the sorted list). Each approval is decided exactly as POST /approvals/{id}/approve|reject would decide it alone, in the order listed; a refusal of one does not stop the others. The answer is 200 with a result per id: `status` 200 and the approval, or the problem the single decision would have answered (404 for an approval that is missing or out of scope, 403, 409). A repeated id is 422. Each decision leaves its own audit entry naming the approval.
         *
         *     Requires permission `approvals.decide`.
         *
         *     Requires an action token for action `approvals.decide_many` in X-Action-Token.
         */
        post: operations["decideApprovals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List assets and their precision
         * @description Every asset the ledger holds, with the decimal places amounts may carry and the rails that carry it.
         *
         *     Requires permission `catalogue.read`.
         */
        get: operations["listAssets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/available-crypto-networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List crypto networks available now
         * @description Networks currently active (deposits and withdrawals flow), optionally those carrying `asset`.
         *
         *     Requires permission `catalogue.read`.
         */
        get: operations["listAvailableCryptoNetworks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/available-payment-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment methods available for paying in
         * @description Active rails that can fund an account, optionally in `currency`.
         *
         *     Requires permission `catalogue.read`.
         */
        get: operations["listAvailablePaymentMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/balance-monitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List balance monitors
         * @description Monitors at accounts the caller may read, oldest first.
         *
         *     Requires permission `balance_monitors.read`.
         */
        get: operations["listBalanceMonitors"];
        put?: never;
        /**
         * Watch a balance against a threshold
         * @description Watches one figure (`available`, `total` or `held`) of one account's balance in one asset. Whenever a booking makes `<balance> <operator> <threshold>` true while it was false, the booking's own transaction writes one `ledger.balance.threshold_crossed.v1` event; not again until a booking has made it false. `state` starts as the condition on the balance now: creating a monitor whose condition already holds writes no event. The account is a client account or a master account of the enterprise (404 otherwise); a threshold with more decimals than the asset has is 422 naming the field.
         *
         *     Requires permission `balance_monitors.manage`.
         */
        post: operations["createBalanceMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/balance-monitors/{balance_monitor_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a balance monitor
         * @description Requires permission `balance_monitors.read`.
         */
        get: operations["getBalanceMonitor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a balance monitor's condition or description
         * @description Changes `balance`, `operator`, `threshold` or `description` (account and asset are fixed). A new condition restarts the monitor from the balance now: `state` is recomputed and no event is written. With If-Match, a stale ETag is 412 and nothing changes.
         *
         *     Requires permission `balance_monitors.manage`.
         */
        patch: operations["updateBalanceMonitor"];
        trace?: never;
    };
    "/balance-monitors/{balance_monitor_id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a balance monitor
         * @description Bookings stop evaluating it; it stays readable. Disabling a disabled monitor changes nothing.
         *
         *     Requires permission `balance_monitors.manage`.
         */
        post: operations["disableBalanceMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/balance-monitors/{balance_monitor_id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a balance monitor
         * @description The monitor is evaluated again from the balance now (`state` recomputed, no event). Enabling an active monitor changes nothing.
         *
         *     Requires permission `balance_monitors.manage`.
         */
        post: operations["enableBalanceMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Capabilities in force at a scope
         * @description Every capability with its effective value at `scope_ref` (default: the caller’s enterprise): the client’s own setting, else the enterprise’s, else enabled.
         *
         *     Requires permission `capabilities.read`.
         */
        get: operations["listCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client-account-statement-exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List client account statement exports
         * @description Requires permission `exports.read`.
         */
        get: operations["listClientAccountStatementExports"];
        put?: never;
        /**
         * Request a client account statement export
         * @description Answers 202 with the export in `queued`; a workflow streams the rows to a file, then the export is `completed` with `row_count`, `byte_size` and `sha256`, or `failed` with a reason. Also requires `balances.read` at the scope. The file is the statement of GET /client-accounts/{id}/statement over the same period: an `opening` row, one `entry` row per entry in booking order with the running `balance`, a `closing` row.
         *
         *     Requires permission `exports.create`.
         */
        post: operations["createClientAccountStatementExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client-account-statement-exports/{export_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a client account statement export
         * @description Requires permission `exports.read`.
         */
        get: operations["getClientAccountStatementExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client-account-statement-exports/{export_id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a completed client account statement export
         * @description Streams the file. `Repr-Digest` carries its SHA-256 (the export's `sha256`). 409 until completed; 410 after expiry.
         *
         *     Requires permission `exports.read`.
         */
        get: operations["downloadClientAccountStatementExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List client accounts
         * @description Accounts of one client (`scope_ref=clients/<id>`) or of the enterprise, restricted to those the caller may read.
         *
         *     Requires permission `clients.read`.
         */
        get: operations["listClientAccounts"];
        put?: never;
        /**
         * Create a client account
         * @description A new account of an active client (a suspended or closed client is 409). An account holds a balance per asset.
         *
         *     Requires permission `clients.manage`.
         */
        post: operations["createClientAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client-accounts/{client_account_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a client account
         * @description Requires permission `clients.read`.
         */
        get: operations["getClientAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a client account
         * @description Changes `display_name`. With If-Match, a stale ETag is 412 and nothing changes. A closed account is 409.
         *
         *     Requires permission `clients.manage`.
         */
        patch: operations["updateClientAccount"];
        trace?: never;
    };
    "/client-accounts/{client_account_id}/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Balances of a client account
         * @description One item per asset the account holds or held; with `as_of`, the balances at that instant (exact: the latest snapshot before it plus the entries after the snapshot). Amounts are exact decimal strings in the asset's precision.
         *
         *     Requires permission `balances.read`.
         */
        get: operations["getClientAccountBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client-accounts/{client_account_id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a client account
         * @description active or suspended → closed (terminal). Needs every balance at zero with no pending holds (else 409 `balances_not_zero`); a client's default account closes only with the client (409 `default_client_account`). Other starting states are 409 with reason `client_account_<state>`.
         *
         *     Requires permission `clients.manage`.
         */
        post: operations["closeClientAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client-accounts/{client_account_id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivate a client account
         * @description suspended → active (the client must be active). Other starting states are 409 with reason `client_account_<state>`.
         *
         *     Requires permission `clients.manage`.
         */
        post: operations["reactivateClientAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client-accounts/{client_account_id}/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statement of a client account
         * @description The balance at `from`, every entry booked after `from` and at or before `to` in booking order with the running `total`, and the balance at `to`. Entries are paged (`page_token`); every page repeats the opening and closing balances.
         *
         *     Requires permission `balances.read`.
         */
        get: operations["getClientAccountStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client-accounts/{client_account_id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend a client account
         * @description active → suspended: the account can neither send nor receive money; reads still work. Other starting states are 409 with reason `client_account_<state>`.
         *
         *     Requires permission `clients.manage`.
         */
        post: operations["suspendClientAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List clients
         * @description Clients of the enterprise the caller may read: all of them with an enterprise-wide grant, else those it is granted at.
         *
         *     Requires permission `clients.read`.
         */
        get: operations["listClients"];
        put?: never;
        /**
         * Create a client
         * @description Creates the client and its `default_client_account` in one transaction. `external_id` is unique within the enterprise (409 `external_id_taken`).
         *
         *     Requires permission `clients.manage`.
         */
        post: operations["createClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{client_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a client
         * @description Requires permission `clients.read`.
         */
        get: operations["getClient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a client
         * @description Changes `display_name` and/or replaces `metadata`. With If-Match, a stale ETag is 412 and nothing changes. A closed client is 409.
         *
         *     Requires permission `clients.manage`.
         */
        patch: operations["updateClient"];
        trace?: never;
    };
    "/clients/{client_id}/capabilities/{capability_name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Switch a capability on or off for a client
         * @description The client’s setting overrides the enterprise’s. Routes that need a disabled capability answer 403 ForbiddenCapabilityScope for that client. Setting the current value again changes nothing.
         *
         *     Requires permission `capabilities.manage`.
         */
        put: operations["setClientCapability"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{client_id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a client
         * @description active or suspended → closed (terminal), with every account of the client. Needs every balance at zero with no pending holds (else 409 `balances_not_zero`). Other starting states are 409 with reason `client_<state>`.
         *
         *     Requires permission `clients.manage`.
         */
        post: operations["closeClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{client_id}/kyc-decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a client's KYC decisions
         * @description Every decision recorded for the client, by its KYC provider's connector or by an operator, oldest first; the last one set the client's `kyc_status`.
         *
         *     Requires permission `kyc.read`.
         */
        get: operations["listKycDecisions"];
        put?: never;
        /**
         * Record a KYC decision for a client
         * @description An operator records the outcome of the client's identity verification (whichever provider serves KYC; it overrides the provider's last decision). Sets the client's `kyc_status`: the signed API answers 9013 KYC_NOT_VERIFIED until it is `verified`. Needs an action token (`clients.record_kyc_decision`, resource `clients/<id>`). A closed client is 409.
         *
         *     Requires permission `kyc.decide`.
         *
         *     Requires an action token for action `clients.record_kyc_decision` in X-Action-Token.
         */
        post: operations["recordKycDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{client_id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivate a client
         * @description suspended → active. Other starting states are 409 with reason `client_<state>`.
         *
         *     Requires permission `clients.manage`.
         */
        post: operations["reactivateClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients/{client_id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend a client
         * @description active → suspended: the client's accounts can neither send nor receive money; reads still work. Other starting states are 409 with reason `client_<state>`.
         *
         *     Requires permission `clients.manage`.
         */
        post: operations["suspendClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List connectors
         * @description Requires permission `connectors.read`.
         */
        get: operations["listConnectors"];
        put?: never;
        /**
         * Register a provider connector
         * @description Registers the connector service this enterprise uses for the provider `name` of the routing configuration (COUNTERFOIL_PROVIDERS). `base_url` must be https and resolve only to public addresses (loopback only where the deployment allows it: COUNTERFOIL_CONNECTOR_ALLOW_LOOPBACK). The signing secret is returned once. A name already registered in the enterprise is 409 `connector_name_taken`. Counterfoil's requests to the connector are described in the separate document served at GET /connectors/openapi.json.
         *
         *     Requires permission `connectors.manage`.
         */
        post: operations["createConnector"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connectors/{connector_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a connector
         * @description Requires permission `connectors.read`.
         */
        get: operations["getConnector"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connectors/{connector_id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a connector
         * @description Nothing more is sent to the connector and its events are refused (403). Payouts routed to it wait, retried by their workflows, until it is enabled again (or another connector of the same name serves them); prices routed to it are 502. With If-Match, a stale ETag is 412 and nothing changes.
         *
         *     Requires permission `connectors.manage`.
         */
        post: operations["disableConnector"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connectors/{connector_id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a disabled connector
         * @description Enabling an active connector changes nothing. With If-Match, a stale ETag is 412 and nothing changes.
         *
         *     Requires permission `connectors.manage`.
         */
        post: operations["enableConnector"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connectors/{connector_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A connector reports an event
         * @description Called by the connector, not by API clients: a Standard Webhooks message (`webhook-id`, `webhook-timestamp`, `webhook-signature`) signed with the connector's secret over the raw body, at most five minutes old. A missing or bad signature (or an unknown connector) is 401 and changes nothing; a disabled connector is 403. `webhook-id` is the event id: the same id again answers what it answered the first time (`replayed: true`) and changes nothing. `payout.updated` makes Counterfoil ask the payout's outcome now; `deposit.received` records a deposit and credits it through its `deposit/<id>` workflow; `kyc.decision` records the client's KYC decision. A refusal (4xx) is remembered for the event id as well.
         */
        post: operations["receiveConnectorEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connectors/{connector_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a connector's signing secret
         * @description Returns a new secret once. For `overlap_seconds` (default COUNTERFOIL_WEBHOOK_SECRET_OVERLAP_SECONDS) events signed with the previous secret are still accepted, so the connector can switch without losing any. Counterfoil signs its own requests with the new secret at once. A disabled connector is 409. With If-Match, a stale ETag is 412 and nothing changes.
         *
         *     Requires permission `connectors.manage`.
         */
        post: operations["rotateConnectorSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connectors/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The connector protocol (OpenAPI 3.1)
         * @description What a connector service implements: the requests Counterfoil sends it (signed, with idempotency keys) and the events it sends to POST /connectors/{connector_id}/events. docs/connectors.md.
         */
        get: operations["getConnectorProtocol"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversion-pairs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List conversion pairs
         * @description The catalogue of directed pairs (each market in both directions), with limits, precision and whether the pair is enabled.
         *
         *     Requires permission `conversions.read`.
         */
        get: operations["listConversionPairs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversion-pairs/{conversion_pair_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a conversion pair
         * @description Requires permission `conversions.read`.
         */
        get: operations["getConversionPair"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List conversions
         * @description Oldest first; only accounts within the scopes where the caller holds conversions.read.
         *
         *     Requires permission `conversions.read`.
         */
        get: operations["listConversions"];
        put?: never;
        /**
         * Convert between assets
         * @description With `quote_id`, executes that firm quote (the body must repeat its account, amount and currencies); an expired quote is 409 `quote_expired`, a used one 409 `quote_used`. Without, converts at the market price of the moment. The account is debited `from_amount` + fee and credited the target amount (rounded down), through the FX liquidity account, in one ledger transaction. Insufficient funds is 422 `insufficient_funds`. A policy rule may deny (422 `policy_denied`) or require approval: then the answer is `pending_approval` with `approval_ref` and the amount plus fee held.
         *
         *     Requires permission `conversions.create`.
         *
         *     Requires capability `conversions`.
         */
        post: operations["createConversion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversions/{conversion_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a conversion
         * @description Requires permission `conversions.read`.
         */
        get: operations["getConversion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversions/{conversion_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a conversion awaiting approval
         * @description Only while `pending_approval`: the approval is cancelled and the hold released. Anything else is 409 `conversion_<status>` (e.g. `conversion_executed`).
         *
         *     Requires permission `conversions.create`.
         */
        post: operations["cancelConversion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversions/{conversion_id}/ledger-entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ledger effects of a conversion
         * @description What a conversion did to the ledger: the holds it placed (pending, posted or voided) and the ledger transactions it booked, with their postings (debit or credit, per account), oldest first. Read with `conversions.read` where the record is; the lists are empty until the ledger is touched.
         *
         *     Requires permission `conversions.read`.
         */
        get: operations["listConversionLedgerEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversions/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a firm quote
         * @description A binding price and fee for this amount, valid until `expires_at` (the pair's quote lifetime, 10 s). Execute it with POST /conversions and `quote_id`, at most once. Outside the pair's limits is 422 `amount_out_of_range`; an unlisted pair 422 `pair_not_supported`; a disabled pair 409 `pair_disabled`.
         *
         *     Requires permission `conversions.create`.
         *
         *     Requires capability `conversions`.
         */
        post: operations["previewConversion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/crypto-networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List crypto networks
         * @description The full network catalogue: assets and token contracts, confirmation counts, address formats, memo rules.
         *
         *     Requires permission `catalogue.read`.
         */
        get: operations["listCryptoNetworks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/crypto-networks/{crypto_network_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a crypto network
         * @description By id or by code (`ethereum`, `bitcoin`, `tron`, `solana`, `stellar`).
         *
         *     Requires permission `catalogue.read`.
         */
        get: operations["getCryptoNetwork"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deposit-instructions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deposit instructions
         * @description What to tell a payer: one instruction per funding endpoint (same creation rules as GET /funding-endpoints).
         *
         *     Requires permission `funding.read`.
         */
        get: operations["listDepositInstructions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deposit-instructions/{deposit_instruction_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a deposit instruction
         * @description Requires permission `funding.read`.
         */
        get: operations["getDepositInstruction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deposits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deposits
         * @description Requires permission `funding.read`.
         */
        get: operations["listDeposits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deposits/{deposit_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a deposit
         * @description Requires permission `funding.read`.
         */
        get: operations["getDeposit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/eligible-crypto-networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the networks an account can use for an asset
         * @description Active networks carrying `asset` for an open account; empty for a closed account.
         *
         *     Requires permission `catalogue.read`.
         */
        get: operations["listEligibleCryptoNetworks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/eligible-payout-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the rails an account can pay out on
         * @description Active pay-out rails for an open account, optionally in `currency`: the rails a payout method (POST /payout-methods) can use.
         *
         *     Requires permission `catalogue.read`.
         */
        get: operations["listEligiblePayoutMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/enterprise-commercial-agreements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List commercial agreement versions
         * @description Requires permission `fees.read`.
         */
        get: operations["listEnterpriseCommercialAgreements"];
        put?: never;
        /**
         * Issue a new commercial agreement version
         * @description The new version comes into force at once and the previous one is superseded in the same transaction; exactly one is in force.
         *
         *     Requires permission `fees.manage`.
         */
        post: operations["createEnterpriseCommercialAgreement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/enterprise-commercial-agreements/{agreement_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a commercial agreement version
         * @description Requires permission `fees.read`.
         */
        get: operations["getEnterpriseCommercialAgreement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/enterprise-commercial-agreements/{agreement_id}/supersede": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Supersede the agreement in force with a new version
         * @description Like creating a version, but only if this agreement is still the one in force (else 409 `agreement_not_in_force`); with If-Match, only if it is unchanged (else 412). Returns the new version.
         *
         *     Requires permission `fees.manage`.
         */
        post: operations["supersedeEnterpriseCommercialAgreement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/enterprises": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List enterprises visible to the caller
         * @description A principal belongs to one enterprise; the list holds it when the caller may read it there.
         *
         *     Requires permission `enterprises.read`.
         */
        get: operations["listEnterprises"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/enterprises/{enterprise_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an enterprise
         * @description Requires permission `enterprises.read`.
         */
        get: operations["getEnterprise"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update enterprise metadata
         * @description Replaces `metadata` (a string map of up to 50 keys). With If-Match, a stale ETag is 412 and nothing changes.
         *
         *     Requires permission `enterprises.manage`.
         */
        patch: operations["updateEnterprise"];
        trace?: never;
    };
    "/enterprises/{enterprise_id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close an enterprise
         * @description `admission_state` operational → closed (terminal), also closing its master accounts. Needs every account at zero with no pending holds (else 409 `accounts_not_empty`, listing them in `open_positions`) and no deposit in flight (409 `deposits_in_flight`). Afterwards every mutation under the enterprise is 410 `enterprise_closed`. With If-Match, a stale ETag is 412. A closed enterprise is 410.
         *
         *     Requires permission `enterprises.manage`.
         */
        post: operations["closeEnterprise"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/enterprises/{enterprise_id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivate an enterprise
         * @description `restriction_state` suspended → none. Not suspended is 409 `enterprise_not_suspended`. With If-Match, a stale ETag is 412. A closed enterprise is 410.
         *
         *     Requires permission `enterprises.manage`.
         */
        post: operations["reactivateEnterprise"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/enterprises/{enterprise_id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend an enterprise
         * @description `restriction_state` none → suspended: the enterprise keeps reading but cannot move money (money paths answer 409 `enterprise_suspended`). Already suspended is 409. With If-Match, a stale ETag is 412. A closed enterprise is 410.
         *
         *     Requires permission `enterprises.manage`.
         */
        post: operations["suspendEnterprise"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events, oldest first
         * @description The event log of the caller's enterprise, oldest first by a stable sequence cursor; only events at scopes where the caller holds `events.read`. A page can be shorter than `page_size` while `next_page_token` is set.
         *
         *     Requires permission `events.read`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an event
         * @description Requires permission `events.read`.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{event_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event again
         * @description Creates a new delivery (same `webhook-id`, same body) to every active subscription that matches the event, or only to `subscription_id`, which must match it. Answers 202 with the deliveries started.
         *
         *     Requires permission `events.replay`.
         */
        post: operations["replayEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List event types with the JSON Schema of each payload
         * @description Requires permission `events.read`.
         */
        get: operations["listEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export-schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List export schedules
         * @description Requires permission `exports.read`.
         */
        get: operations["listExportSchedules"];
        put?: never;
        /**
         * Create a recurring export (extension of the tenant API contract)
         * @description A Temporal Schedule (`export-schedule/<id>`, visible in the Temporal UI) whose every run creates one export of `kind` for a time range derived from the run's scheduled time: `previous_utc_day`, or `trailing` `seconds` before it. `spec` is a cron expression (UTC) or an interval.
         *
         *     Requires permission `exports.create`.
         */
        post: operations["createExportSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export-schedules/{schedule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an export schedule with its next run times
         * @description Requires permission `exports.read`.
         */
        get: operations["getExportSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export-schedules/{schedule_id}/backfill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Backfill an export schedule over a past range
         * @description Starts one run for every scheduled time in [start_time, end_time) (202); each creates its export, once per scheduled time.
         *
         *     Requires permission `exports.create`.
         */
        post: operations["backfillExportSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export-schedules/{schedule_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete an export schedule
         * @description Deletes the Temporal Schedule; exports it created stay.
         *
         *     Requires permission `exports.create`.
         */
        post: operations["deleteExportSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export-schedules/{schedule_id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause an export schedule
         * @description No runs start until it is unpaused (also possible in the Temporal UI).
         *
         *     Requires permission `exports.create`.
         */
        post: operations["pauseExportSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export-schedules/{schedule_id}/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run an export schedule now
         * @description Starts one run now (202); it creates an export for the range ending now.
         *
         *     Requires permission `exports.create`.
         */
        post: operations["triggerExportSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export-schedules/{schedule_id}/unpause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unpause an export schedule
         * @description Runs start again at the next scheduled time.
         *
         *     Requires permission `exports.create`.
         */
        post: operations["unpauseExportSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fee-previews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview the fees of an operation
         * @description Computed by the same engine that charges the executed operation, from the agreement in force. `service_type` names the rail: a crypto network (`ethereum`) or a bank rail (`sepa`); null for operations without one. Nothing is stored.
         *
         *     Requires permission `fees.read`.
         */
        post: operations["createFeePreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/funding-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List funding endpoints
         * @description With `account_ref`: one endpoint for every asset and rail enabled for the account (crypto networks and pay-in bank rails), created on first need with a stable address issued by the rail's deposits provider (502 `EdgeBadGateway` naming it when it fails). Without: the endpoints already created in the caller's scope.
         *
         *     Requires permission `funding.read`.
         */
        get: operations["listFundingEndpoints"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/funding-endpoints/{funding_endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a funding endpoint
         * @description Requires permission `funding.read`.
         */
        get: operations["getFundingEndpoint"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/governance-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the enterprise's governance settings
         * @description Who must approve changes of the policy and new withdrawal destinations, and the cooling-off of new destinations (docs/policy-changes.md).
         *
         *     Requires permission `policies.read`.
         */
        get: operations["getGovernanceSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the enterprise's governance settings
         * @description While `policy_change_quorum` is 0 the change applies at once (200): turning the quorum on needs nobody else. Once it is above 0, every change of these settings (lowering the quorum included) is a policy change that waits for that many admins (202 with the `policy_change`), as rule changes do. An `approver_role_ref` that is not an active role of the enterprise is 422. A stale If-Match is 412.
         *
         *     Requires permission `policies.manage`.
         */
        patch: operations["updateGovernanceSettings"];
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/identity-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List identity providers
         * @description Identity providers belong to the enterprise: the list is empty unless the caller holds `identity_providers.read` at the enterprise.
         *
         *     Requires permission `identity_providers.read`.
         */
        get: operations["listIdentityProviders"];
        put?: never;
        /**
         * Configure an identity provider
         * @description An OpenID Connect provider of the enterprise whose ID tokens POST /oauth/token accepts in a token exchange. Signing keys are inline (`jwks`) or fetched (`jwks_uri`); exactly one. A second provider with the same issuer is 409.
         *
         *     Requires permission `identity_providers.manage`.
         */
        post: operations["createIdentityProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/identity-providers/{identity_provider_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an identity provider
         * @description Requires permission `identity_providers.read`.
         */
        get: operations["getIdentityProvider"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an identity provider
         * @description Changes the given fields only. With If-Match, a stale ETag is 412 and nothing changes. A new `issuer` moves the provider: its federated users stay linked, under the new issuer.
         *
         *     Requires permission `identity_providers.manage`.
         */
        patch: operations["updateIdentityProvider"];
        trace?: never;
    };
    "/internal-transfer-batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move money in up to 1,000 internal transfers at once
         * @description One Idempotency-Key for the whole batch: a retry replays the batch's answer. Each transfer is checked as POST /internal-transfers checks one (amount, accounts, scope, permission, policy rules, lifecycle, funds). `atomic: true`: all are booked in one database transaction or none is; the first refusal is the answer, with `transfer_index` and pointers into `/body/transfers/<index>/…`; a policy rule requiring approval for any transfer refuses the batch with 409 `batch_requires_approval` and `transfer_indexes`. Funds are checked transfer by transfer in batch order, as if booked one by one. `atomic: false`: each transfer is decided alone, exactly as a single POST would be (a transfer needing approval is held and awaits approval, `pending_approval`), and `results` has each one's outcome, with the problem it got when refused. Answered 201 once every transfer has its outcome.
         *
         *     Requires permission `transfers.create`.
         */
        post: operations["createInternalTransferBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal-transfer-batches/{internal_transfer_batch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a batch of internal transfers
         * @description The outcome of each transfer when the batch was accepted; each transfer's current state is at its `transfer_ref`. Readable with `transfers.read` at every source account of the batch.
         *
         *     Requires permission `transfers.read`.
         */
        get: operations["getInternalTransferBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal-transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List internal transfers
         * @description Oldest first. `account_ref` matches either side; `created_after` is inclusive, `created_before` exclusive.
         *
         *     Requires permission `transfers.read`.
         */
        get: operations["listInternalTransfers"];
        put?: never;
        /**
         * Move money between two accounts of the enterprise
         * @description Consults the policy rules (family `internal_transfer`, destination = `target_ref`); `policy_decision` is the stored trace. Books the transfer in the ledger at once (status `executed`, `settled_at` set) unless a rule denies it (422 `policy_denied` naming the rule, nothing booked) or requires approval: then the amount is held on the source and the answer is `pending_approval` with `approval_ref`; the workflow `internal-transfer/<id>` books it once approved (`executing` → `executed`) or releases the hold (`rejected`, `expired`, `cancelled`). `amount.value` is a decimal string with at most the asset's decimal places; zero, negative, exponent notation or more decimals is 422 naming the field. Insufficient funds is 422 with `available`, `required`, `asset` and `account_ref`. An account of another enterprise is 404. A suspended enterprise is 409 `enterprise_suspended`, a closed one 410; a suspended or closed account or client is 409.
         *
         *     Requires permission `transfers.create`.
         */
        post: operations["createInternalTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal-transfers/{internal_transfer_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an internal transfer
         * @description Requires permission `transfers.read`.
         */
        get: operations["getInternalTransfer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal-transfers/{internal_transfer_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an internal transfer awaiting approval
         * @description Only while awaiting approval (`pending_approval`): the approval is cancelled and the hold released. Otherwise 409 `internal_transfer_<status>` (an executed transfer: `internal_transfer_executed`).
         *
         *     Requires permission `transfers.create`.
         */
        post: operations["cancelInternalTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal-transfers/{internal_transfer_id}/ledger-entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ledger effects of an internal transfer
         * @description What an internal transfer did to the ledger: the holds it placed (pending, posted or voided) and the ledger transactions it booked, with their postings (debit or credit, per account), oldest first. Read with `transfers.read` where the record is; the lists are empty until the ledger is touched.
         *
         *     Requires permission `transfers.read`.
         */
        get: operations["listInternalTransferLedgerEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/kyc-decisions/{kyc_decision_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a KYC decision
         * @description What `resource_ref: kyc-decisions/<id>` of a connector event or a `clients.kyc_decision.recorded.v1` event points to.
         *
         *     Requires permission `kyc.read`.
         */
        get: operations["getKycDecision"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ledger/checkpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List signed ledger checkpoints
         * @description Every ledger transaction carries a sha-256 hash and each balance row a hash chain over its postings; a checkpoint signs the heads of all the enterprise's chains (Ed25519, a platform key). The housekeeping schedule makes one every hour when the ledger moved (and `counterfoil ledger checkpoint` on demand). Keep them outside Counterfoil: `counterfoil ledger verify` names the first link that no longer matches, and a checkpoint whose signature does not verify with the published key was not made here. Checkpoints belong to the enterprise as a whole: `audit.read` must be held at the enterprise. Oldest first.
         *
         *     Requires permission `audit.read`.
         */
        get: operations["listLedgerCheckpoints"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/master-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List master accounts
         * @description Requires permission `master_accounts.read`.
         */
        get: operations["listMasterAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/master-accounts/{master_account_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a master account
         * @description Requires permission `master_accounts.read`.
         */
        get: operations["getMasterAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/master-accounts/{master_account_id}/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Balances of a master account
         * @description One item per asset the master account holds or held; with `as_of`, the balances at that instant.
         *
         *     Requires permission `balances.read`.
         */
        get: operations["getMasterAccountBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Capabilities in force where the caller belongs
         * @description Effective capabilities at the calling principal’s own scope (a user’s `scope_ref`, a service account’s `parent_ref`).
         *
         *     Requires permission `me.read`.
         */
        get: operations["getMyCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/navigation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the caller may do, and where
         * @description The caller’s active grants folded into areas → permissions → scopes, each scope marked with the capabilities switched off there.
         *
         *     Requires permission `me.read`.
         */
        get: operations["getMyNavigation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an access token
         * @description RFC 7009 token revocation, for access tokens issued by `/oauth/token`. The token itself is the credential: whoever holds it may end it (the web console does at sign-out), and every API process refuses it from the next request on (401 `invalid_token`), although it has not expired. An unknown, malformed, already revoked or expired token is not an error (RFC 7009 §2.2): the answer is 200 either way, so it says nothing about the token. `token_type_hint` and `client_id` are accepted and need not be sent.
         */
        post: operations["revokeToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an access token
         * @description OAuth 2.0 token endpoint. `client_credentials` with `client_secret_post` (JSON or form body) or `client_secret_basic`. Errors carry RFC 6749 `error` and `error_description` inside the problem body.
         *
         *     RFC 8693 token exchange (`grant_type=urn:ietf:params:oauth:grant-type:token-exchange`, client-authenticated as a service account): `subject_token_type=urn:ietf:params:oauth:token-type:id_token` with an ID token of one of the enterprise's identity providers gives a token whose subject is the matching user (found by issuer + subject, or linked once by verified e-mail); `subject_token_type=urn:counterfoil:params:oauth:token-type:user-ref` with `subject_token=users/<id>` gives a token whose subject is that platform-managed user and whose actor is the service account, which needs `users.act_for` at the user's scope. A rejected subject token, or a suspended or deactivated user, is `invalid_grant` and changes nothing.
         *
         *     A public client (the web console: no `client_secret`, no Basic credentials) may exchange only an ID token, naming the enterprise in `audience` (`enterprises/<id>`), through a provider with `console_sign_in` true, and the ID token must be at most 10 minutes old (`iat`); anything else without client authentication is `invalid_client`.
         */
        post: operations["issueToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/off-ramp-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an off-ramp (asset → fiat payout)
         * @description Consults the policy rules (family `off_ramp`, destination `payout-methods/<id>`): a deny is 422 `policy_denied` naming the rule; when a rule requires approval the session answers `pending_approval` with `approval_ref` and the workflow waits for the approval before converting (rejected / expired / cancelled: hold released). Holds `amount` + the off-ramp fee (fee engine, on top) and answers `requested`; the `off-ramp/<id>` workflow fixes the rate (`converting`), sends the payout to the payout method (`payout_sent`: hold posted, fiat booked out) and completes when the sandbox bank confirms. A payout rejected by the rail (sandbox: beneficiary named `SANDBOX REJECT`) ends `failed` with the hold released. Insufficient funds is 422.
         *
         *     Requires permission `ramps.create`.
         *
         *     Requires capability `ramps.off_ramp`.
         */
        post: operations["createOffRampSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/off-ramp-sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an off-ramp session
         * @description Requires permission `ramps.read`.
         */
        get: operations["getOffRampSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/off-ramp-sessions/{session_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an off-ramp session
         * @description While `pending_approval` (the approval is cancelled) or `requested` (before the rate is fixed): the hold is released. Later is 409 `off_ramp_<status>`.
         *
         *     Requires permission `ramps.create`.
         */
        post: operations["cancelOffRampSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/on-ramp-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an on-ramp (fiat → asset)
         * @description Answers `requested` with payment instructions: the enterprise's collection account on the currency's pay-in rail (issued once by the rail's deposits provider: the sandbox bank, or a bank through its connector; 502 `EdgeBadGateway` naming the provider when it fails, and no session is created) and a `reference` the payer must quote; the `on-ramp/<id>` workflow moves it to `awaiting_payment` and expires it after `payment_window_seconds` (default 3600) unless the payment arrives (sandbox: POST /sandbox/on-ramp-sessions/{id}/payment). Then `converting` → `completed` with the asset credited. The pair fiat → asset must be listed and enabled.
         *
         *     Requires permission `ramps.create`.
         *
         *     Requires capability `ramps.on_ramp`.
         */
        post: operations["createOnRampSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/on-ramp-sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an on-ramp session
         * @description Requires permission `ramps.read`.
         */
        get: operations["getOnRampSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/on-ramp-sessions/{session_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an on-ramp session
         * @description While `requested` or `awaiting_payment`; later is 409 `on_ramp_<status>`.
         *
         *     Requires permission `ramps.create`.
         */
        post: operations["cancelOnRampSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations-activity-exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List operations activity exports
         * @description Requires permission `exports.read`.
         */
        get: operations["listOperationsActivityExports"];
        put?: never;
        /**
         * Request a operations activity export
         * @description Answers 202 with the export in `queued`; a workflow streams the rows to a file, then the export is `completed` with `row_count`, `byte_size` and `sha256`, or `failed` with a reason.
         *
         *     Requires permission `exports.create`.
         */
        post: operations["createOperationsActivityExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations-activity-exports/{export_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a operations activity export
         * @description Requires permission `exports.read`.
         */
        get: operations["getOperationsActivityExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations-activity-exports/{export_id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a completed operations activity export
         * @description Streams the file. `Repr-Digest` carries its SHA-256 (the export's `sha256`). 409 until completed; 410 after expiry.
         *
         *     Requires permission `exports.read`.
         */
        get: operations["downloadOperationsActivityExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment methods (bank rails)
         * @description The full catalogue of fiat bank rails (SEPA, SWIFT, ACH, FPS) with their currencies, directions and beneficiary fields.
         *
         *     Requires permission `catalogue.read`.
         */
        get: operations["listPaymentMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-methods/{payment_method_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payment method
         * @description By id or by code (`sepa`, `swift`, `ach`, `fps`).
         *
         *     Requires permission `catalogue.read`.
         */
        get: operations["getPaymentMethod"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payout methods
         * @description Requires permission `catalogue.read`.
         */
        get: operations["listPayoutMethods"];
        put?: never;
        /**
         * Add a payout method to an account
         * @description A beneficiary bank account the account can pay out to. Bank details are checked for the rail (IBAN mod-97, BIC, ABA routing checksum, UK sort code); invalid ones are 422 naming the field.
         *
         *     Requires permission `clients.manage`.
         */
        post: operations["createPayoutMethod"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-methods/{payout_method_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payout method
         * @description Requires permission `catalogue.read`.
         */
        get: operations["getPayoutMethod"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-methods/{payout_method_id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a payout method
         * @description active → disabled (terminal); already disabled is 409 `payout_method_disabled`.
         *
         *     Requires permission `clients.manage`.
         */
        post: operations["disablePayoutMethod"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a policy rule (as a draft)
         * @description A rule governs one action family at a scope (an enterprise or a client, with everything below). It does nothing until activated. Among the active rules of the family whose scope covers the account, ordered by `order` then creation, the first whose conditions all hold decides; no match is `allow`. A `deny` makes the operation 422 `policy_denied` naming the rule. An unknown asset, a bad amount or an approving role that is not an active role of the enterprise is 422.
         *
         *     Requires permission `policies.manage`.
         */
        post: operations["createPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policy-changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List policy changes
         * @description Changes of the policy proposed under the enterprise's quorum (rule activations, edits and retirements, governance settings, new withdrawal destinations), newest last.
         *
         *     Requires permission `policies.read`.
         */
        get: operations["listPolicyChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policy-changes/{policy_change_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a policy change
         * @description Requires permission `policies.read`.
         */
        get: operations["getPolicyChange"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policy-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List policy rules
         * @description Requires permission `policies.read`.
         */
        get: operations["listPolicyRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policy-rules/{rule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a policy rule
         * @description Requires permission `policies.read`.
         */
        get: operations["getPolicyRule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a policy rule
         * @description Draft and active rules can change; a retired rule is 409 `policy_rule_retired`. A stale If-Match is 412. Governed records keep the rule version they ran under. When the enterprise's `policy_change_quorum` is above 0 (GET /governance-settings), activating a rule or changing an active one is not applied: the answer is 202 with a `policy_change` waiting for that many admins (its `approval_ref`; the initiator cannot approve; it expires after `change_ttl_seconds`). Until it is approved the rule stays as it is; approved, it applies atomically (or fails if the rule changed meanwhile); rejected or expired, nothing changes. Drafts change at once.
         *
         *     Requires permission `policies.manage`.
         */
        patch: operations["updatePolicyRule"];
        trace?: never;
    };
    "/policy-rules/{rule_id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a policy rule
         * @description `draft` → `active`: the rule governs operations from now on. Anything else is 409. With If-Match, a stale ETag is 412. When the enterprise's `policy_change_quorum` is above 0 (GET /governance-settings), activating a rule or changing an active one is not applied: the answer is 202 with a `policy_change` waiting for that many admins (its `approval_ref`; the initiator cannot approve; it expires after `change_ttl_seconds`). Until it is approved the rule stays as it is; approved, it applies atomically (or fails if the rule changed meanwhile); rejected or expired, nothing changes. Drafts change at once.
         *
         *     Requires permission `policies.manage`.
         */
        post: operations["activatePolicyRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policy-rules/{rule_id}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retire a policy rule
         * @description `draft` | `active` → `retired` (terminal). Retired already is 409. With If-Match, a stale ETag is 412. When the enterprise's `policy_change_quorum` is above 0 (GET /governance-settings), activating a rule or changing an active one is not applied: the answer is 202 with a `policy_change` waiting for that many admins (its `approval_ref`; the initiator cannot approve; it expires after `change_ttl_seconds`). Until it is approved the rule stays as it is; approved, it applies atomically (or fails if the rule changed meanwhile); rejected or expired, nothing changes. Drafts change at once.
         *
         *     Requires permission `policies.manage`.
         */
        post: operations["retirePolicyRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policy-rules/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate the active rules for a proposed operation
         * @description Returns the decision (`allow`, `deny`, `require_approval` with its requirement) and the trace of every rule considered — which matched and why — exactly as a real operation would be decided now. No side effects: nothing is held, recorded or counted.
         *
         *     Requires permission `policies.read`.
         */
        post: operations["evaluatePolicyRules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/prices/indicative": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Indicative conversion price
         * @description Prices converting `from_amount` of `from_asset` into `to_asset` at the market's mid price from the provider the routing configuration names for the market (the sandbox: the catalogue's mid price; a connector: docs/connectors.md) less the pair's spread, rounded down, with the fee engine. Binds nothing; `expires_at` is 30 s later. With `account_ref`, the caller must see the account. Asset codes are case-insensitive. A provider that fails (unreachable, timed out, 5xx, an answer outside the protocol) is 502 EdgeBadGateway with `provider` naming it; a price older than COUNTERFOIL_PRICE_MAX_AGE_MS is 503 TemporarilyUnavailable with Retry-After.
         *
         *     Requires permission `conversions.read`.
         *
         *     Requires capability `conversions`.
         */
        get: operations["getIndicativePrice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: PostgreSQL and Temporal reachable */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/role-assignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List role assignments
         * @description Only assignments at scopes where the caller holds `roles.read`.
         *
         *     Requires permission `roles.read`.
         */
        get: operations["listRoleAssignments"];
        put?: never;
        /**
         * Grant a role to a principal at a scope
         * @description Takes effect on the principal’s next request (no new token needed).
         *     - Granting the platform role `enterprise-admin` needs an action token for `role_assignments.grant_enterprise_admin` bound to `principal_ref` in X-Action-Token (428 without, 403 if expired, used or bound elsewhere).
         *     - `scope_ref`, `role_ref` and `principal_ref` must exist in the caller’s enterprise and be visible to it (404).
         *     - The caller needs `roles.manage` at `scope_ref` and must itself hold every permission of the role there (403 `privilege_escalation`).
         *     - The role must be active (409 `role_retired`) and defined at `scope_ref` or above (422); `scope_ref` must lie within the principal’s own scope (422).
         *     - `subtree` holds at the scope and everything below it; `exact` at the scope only. The same active grant twice is 409 `role_assignment_exists`.
         *
         *     Requires permission `roles.manage`.
         */
        post: operations["createRoleAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/role-assignments/{role_assignment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a role assignment
         * @description Requires permission `roles.read`.
         */
        get: operations["getRoleAssignment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/role-assignments/{role_assignment_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a role assignment
         * @description The principal loses the grant from its next request on. Final; revoking twice is 409 `role_assignment_revoked`.
         *
         *     Requires permission `roles.manage`.
         */
        post: operations["revokeRoleAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List roles
         * @description Platform-managed roles (defined at the enterprise) and custom roles, at scopes where the caller holds `roles.read`.
         *
         *     Requires permission `roles.read`.
         */
        get: operations["listRoles"];
        put?: never;
        /**
         * Create a custom role
         * @description A named set of permissions defined at an enterprise or client; it can be granted at that scope or below. Names are unique per enterprise.
         *
         *     Requires permission `roles.manage`.
         */
        post: operations["createRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/roles/{role_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a role
         * @description Requires permission `roles.read`.
         */
        get: operations["getRole"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a custom role
         * @description Changes `description` and/or replaces `permissions`; holders get the new permissions on their next request. Platform-managed roles are immutable (409 `platform_managed_role`); a retired role is 409 `role_retired`.
         *
         *     Requires permission `roles.manage`.
         */
        patch: operations["updateRole"];
        trace?: never;
    };
    "/roles/{role_id}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retire a custom role
         * @description From the next request on, the role grants nothing to anyone; it cannot be granted again. Final. Platform-managed roles cannot be retired (409).
         *
         *     Requires permission `roles.manage`.
         */
        post: operations["retireRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/clients/{client_id}/api-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Switch a client's signed-API access (sandbox only)
         * @description The signed API answers 9014 API_NOT_AVAILABLE for a client with `api_access` false. Absent (404) outside sandbox mode. With If-Match, a stale ETag is 412. A closed client is 409.
         *
         *     Requires permission `sandbox.control`.
         */
        put: operations["setSandboxClientApiAccess"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/clients/{client_id}/kyc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a client's identity-verification state (sandbox only)
         * @description The signed API answers 9013 KYC_NOT_VERIFIED for a client that is not `verified`. Absent (404) outside sandbox mode. With If-Match, a stale ETag is 412. A closed client is 409.
         *
         *     Requires permission `sandbox.control`.
         */
        put: operations["setSandboxClientKyc"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/deposits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate an incoming deposit (sandbox only)
         * @description Simulates a transfer arriving on a deposit instruction (or on its address, with `memo` on memo networks). The deposit is recorded `pending`; the `deposit/<id>` workflow waits the network's confirmations × the sandbox block time (COUNTERFOIL_SANDBOX_BLOCK_MS), marks it `confirmed`, then credits the account exactly once (`credited`). Absent (404) outside sandbox mode.
         *
         *     Requires permission `sandbox.control`.
         */
        post: operations["simulateSandboxDeposit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/on-ramp-sessions/{session_id}/payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate the fiat payment of an on-ramp session (sandbox only)
         * @description The sandbox bank received `amount` quoting the session's reference: `awaiting_payment` → `payment_received`, and the `on-ramp/<id>` workflow converts and credits the asset. Another status is 409 `on_ramp_<status>`; after the window, 409 `on_ramp_expired`. Absent (404) outside sandbox mode.
         *
         *     Requires permission `sandbox.control`.
         */
        post: operations["simulateOnRampPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/rail/failures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the sandbox rail fail withdrawals (sandbox only)
         * @description The next `count` withdrawals of the caller's enterprise to `address` fail: `stage: submission` — the rail refuses the submission; `stage: confirmation` — it accepts, then fails instead of confirming. Either way the withdrawal ends `failed` with `failure_reason` and its hold is released. Absent (404) outside sandbox mode.
         *
         *     Requires permission `sandbox.control`.
         */
        post: operations["injectSandboxRailFailure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/service-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List service accounts
         * @description Only accounts whose parent is a scope where the caller holds `service_accounts.read`.
         *
         *     Requires permission `service_accounts.read`.
         */
        get: operations["listServiceAccounts"];
        put?: never;
        /**
         * Create a service account
         * @description Returns `client_id` and `client_secret` once. Each entry of `roles` is granted as by POST /role-assignments; one that fails is listed in `role_assignment_errors` (with the error it would have had) and the others still happen. The secret is never stored, so there is no Idempotency-Key replay: use POST /service-accounts/provision for idempotent creation by `external_id`.
         *
         *     Requires permission `service_accounts.manage`.
         */
        post: operations["createServiceAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/service-accounts/{service_account_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a service account
         * @description Requires permission `service_accounts.read`.
         */
        get: operations["getServiceAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/service-accounts/{service_account_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a service account
         * @description Final: its tokens fail (401) from their next request on and its secrets no longer issue tokens. Revoking a revoked account is 409 `service_account_revoked`.
         *
         *     Requires permission `service_accounts.manage`.
         */
        post: operations["revokeServiceAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/service-accounts/{service_account_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a service account secret
         * @description Issues a new client secret (returned once). The secret in use until now keeps working for `overlap_seconds` (default 86400, 0 to 604800, never beyond its own expiry), then a Temporal workflow (`secret-rotation/<service_account_id>`) retires it and records `iam.service_account.previous_secret_retired.v1`; it also records `iam.service_account.secret_expiring.v1` ahead of the new secret's expiry. Rotating again during an overlap retires the oldest secret at once and restarts the overlap for the one being replaced: only two secrets ever work. Not idempotent by design (the answer holds a secret, which is never stored); with If-Match a stale ETag is 412.
         *
         *     Requires permission `service_accounts.manage`.
         *
         *     Requires an action token for action `service_accounts.rotate_secret` in X-Action-Token.
         */
        post: operations["rotateServiceAccountSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/service-accounts/provision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a service account, or return the one with this external_id
         * @description Idempotent by `external_id`: the first call creates the account (201, with its secret once); later calls return it as it is (200, `client_secret` null, no grants made, its active assignments listed). An account with this `external_id` under another `parent_ref` is 409 `provision_mismatch`.
         *
         *     Requires permission `service_accounts.manage`.
         */
        post: operations["provisionServiceAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sign-in-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where people of an enterprise sign in to the console
         * @description Public: the active identity providers of the enterprise with `console_sign_in` true, for the console's sign-in page. An unknown enterprise and one without such a provider give the same empty list. The ID token the provider returns is exchanged at POST /oauth/token without a client secret (`audience=enterprises/<id>`).
         */
        get: operations["listSignInProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-action-audit-entries/{entry_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user action audit entry
         * @description Entries belong to the enterprise as a whole: `audit.read` must be held at the enterprise. Entries are append-only: no route changes or deletes one, and the database refuses UPDATE and DELETE on them.
         *
         *     Requires permission `audit.read`.
         */
        get: operations["getUserActionAuditEntry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-action-audit-entries/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search user action audit entries
         * @description Every mutating request (any method but GET) of an authenticated caller leaves one entry, whether it succeeded or was refused: who (subject attribution), what (`action` = operationId, `resource_ref`), outcome (status code, error code), request id, client IP, user agent and time. Filters combine with AND; results are oldest first. Entries belong to the enterprise as a whole: `audit.read` must be held at the enterprise. Entries are append-only: no route changes or deletes one, and the database refuses UPDATE and DELETE on them.
         *
         *     Requires permission `audit.read`.
         */
        post: operations["searchUserActionAuditEntries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-action-audit-exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List user action audit exports
         * @description Requires permission `exports.read`.
         */
        get: operations["listUserActionAuditExports"];
        put?: never;
        /**
         * Request a user action audit export
         * @description Answers 202 with the export in `queued`; a workflow streams the rows to a file, then the export is `completed` with `row_count`, `byte_size` and `sha256`, or `failed` with a reason. Also requires `audit.read` at the scope.
         *
         *     Requires permission `exports.create`.
         */
        post: operations["createUserActionAuditExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-action-audit-exports/{export_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user action audit export
         * @description Requires permission `exports.read`.
         */
        get: operations["getUserActionAuditExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-action-audit-exports/{export_id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a completed user action audit export
         * @description Streams the file. `Repr-Digest` carries its SHA-256 (the export's `sha256`). 409 until completed; 410 after expiry.
         *
         *     Requires permission `exports.read`.
         */
        get: operations["downloadUserActionAuditExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List user invitations
         * @description Requires permission `users.read`.
         */
        get: operations["listUserInvitations"];
        put?: never;
        /**
         * Invite a person to become a user
         * @description Returns the acceptance token once (only its hash is stored), so there is no Idempotency-Key replay: a second invitation for the same pending e-mail address is 409. The invited `roles` are authorized now (all or nothing) and again, against the inviter, on acceptance.
         *
         *     Requires permission `users.manage`.
         */
        post: operations["createUserInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-invitations/{invitation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user invitation
         * @description Requires permission `users.read`.
         */
        get: operations["getUserInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a user invitation
         * @description Called with the invitation token (no bearer token: the invitee has no credentials yet). Creates the user and grants the invited roles under the inviter’s authority as it is now; a grant the inviter can no longer make is listed in `role_assignment_errors`. Unknown invitation and wrong token are the same 404; an invitation that is accepted, cancelled or expired is 409.
         */
        post: operations["acceptUserInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-invitations/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending user invitation
         * @description Only a pending, unexpired invitation can be cancelled; otherwise 409 with reason `user_invitation_<state>`.
         *
         *     Requires permission `users.manage`.
         */
        post: operations["cancelUserInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Only users at scopes where the caller holds `users.read`.
         *
         *     Requires permission `users.read`.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a platform-managed user
         * @description A person who acts through service-account token exchange. `scope_ref` (enterprise or client) bounds every grant the user can get. E-mail addresses are unique per enterprise, case-insensitively.
         *
         *     Requires permission `users.manage`.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user
         * @description Requires permission `users.read`.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a user's display name
         * @description Requires permission `users.manage`.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/users/{user_id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate (offboard) a user: its tokens stop working and all its role assignments are revoked.
         * @description Allowed from active or suspended; the user becomes deactivated. From any other state: 409 with reason `user_<state>`.
         *
         *     Requires permission `users.manage`.
         */
        post: operations["deactivateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivate a suspended or deactivated user: its tokens work again (a deactivated user has no grants left).
         * @description Allowed from suspended or deactivated; the user becomes active. From any other state: 409 with reason `user_<state>`.
         *
         *     Requires permission `users.manage`.
         */
        post: operations["reactivateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend a user: its tokens stop working on their next request; grants are kept.
         * @description Allowed from active; the user becomes suspended. From any other state: 409 with reason `user_<state>`.
         *
         *     Requires permission `users.manage`.
         */
        post: operations["suspendUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook subscriptions
         * @description Deleted subscriptions are left out unless `status=deleted` is asked for.
         *
         *     Requires permission `webhooks.read`.
         */
        get: operations["listWebhookSubscriptions"];
        put?: never;
        /**
         * Create a webhook subscription
         * @description The receiver `url` must be https and must not resolve to a loopback, private, link-local, metadata, multicast, documentation, benchmarking, IPv4-translation or otherwise reserved address (checked now and before every attempt). In sandbox mode loopback receivers over http or https are allowed. The signing secret is returned once.
         *
         *     Requires permission `webhooks.manage`.
         */
        post: operations["createWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-subscriptions/{subscription_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook subscription
         * @description With its `backlog`: how many deliveries wait for the receiver, since when, and when it is next tried.
         *
         *     Requires permission `webhooks.read`.
         */
        get: operations["getWebhookSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a webhook subscription
         * @description Changes `url`, `event_types` or `description`. With If-Match, a stale ETag is 412 and nothing changes.
         *
         *     Requires permission `webhooks.manage`.
         */
        patch: operations["updateWebhookSubscription"];
        trace?: never;
    };
    "/webhook-subscriptions/{subscription_id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a webhook subscription
         * @description The subscription stays readable with `status` `deleted`; it can no longer change or receive deliveries.
         *
         *     Requires permission `webhooks.manage`.
         */
        post: operations["deleteWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-subscriptions/{subscription_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deliveries of a subscription
         * @description Requires permission `webhooks.read`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-subscriptions/{subscription_id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a delivery with every attempt
         * @description Requires permission `webhooks.read`.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-subscriptions/{subscription_id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver again
         * @description A new delivery of the same body with the same `webhook-id`, with a fresh retry schedule. The subscription must be active.
         *
         *     Requires permission `webhooks.manage`.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-subscriptions/{subscription_id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a webhook subscription
         * @description No new deliveries start, and pending deliveries stop at their next attempt.
         *
         *     Requires permission `webhooks.manage`.
         *
         *     Requires capability `webhooks.manage`.
         */
        post: operations["disableWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-subscriptions/{subscription_id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a webhook subscription
         * @description Answers the subscription with `status` `active`; enabling an active subscription changes nothing.
         *
         *     Requires permission `webhooks.manage`.
         *
         *     Requires capability `webhooks.manage`.
         */
        post: operations["enableWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-subscriptions/{subscription_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret (extension of the tenant API contract)
         * @description Returns a new secret once. For `overlap_seconds` (default from configuration) deliveries carry signatures with both the new and the previous secret.
         *
         *     Requires permission `webhooks.manage`.
         */
        post: operations["rotateWebhookSubscriptionSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-subscriptions/{subscription_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event now
         * @description Delivers a `webhooks.subscription.test.v1` event (not written to the event log) to this subscription, enabled or disabled, with the usual signing and retries.
         *
         *     Requires permission `webhooks.manage`.
         */
        post: operations["testWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawal-destinations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List withdrawal destinations
         * @description Requires permission `withdrawals.read`.
         */
        get: operations["listWithdrawalDestinations"];
        put?: never;
        /**
         * Register a withdrawal destination
         * @description A crypto address accounts at or below `scope_ref` (an enterprise, client or account) may withdraw to. The address is checked for the network's format and checksum, the memo against the network's memo rules, and the asset must be carried by the network: otherwise 422 naming the field.
         *
         *     Requires permission `withdrawal_destinations.manage`.
         */
        post: operations["createWithdrawalDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawal-destinations/{destination_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a withdrawal destination
         * @description Requires permission `withdrawals.read`.
         */
        get: operations["getWithdrawalDestination"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawal-destinations/{destination_id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a withdrawal destination
         * @description `active` → `disabled`: new withdrawals to it are 409 `destination_disabled`; withdrawals in flight continue. Any other starting state is 409. With If-Match, a stale ETag is 412.
         *
         *     Requires permission `withdrawal_destinations.manage`.
         */
        post: operations["disableWithdrawalDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawal-destinations/{destination_id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a withdrawal destination
         * @description `disabled` → `active`. Any other starting state is 409. With If-Match, a stale ETag is 412.
         *
         *     Requires permission `withdrawal_destinations.manage`.
         */
        post: operations["enableWithdrawalDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawal-destinations/{destination_id}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retire a withdrawal destination
         * @description `active` | `disabled` → `retired` (terminal). Any other starting state is 409. With If-Match, a stale ETag is 412.
         *
         *     Requires permission `withdrawal_destinations.manage`.
         */
        post: operations["retireWithdrawalDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List withdrawals
         * @description Requires permission `withdrawals.read`.
         */
        get: operations["listWithdrawals"];
        put?: never;
        /**
         * Withdraw to a withdrawal destination
         * @description Validates, prices the fee with the fee engine, decides the policy, holds amount + fee on the account and starts the durable workflow `withdrawal/<id>`. Answers 201 with the transaction record: `executing` (no approval needed) or `pending_approval` with `approval_ref` (the approval already exists). `rail` is the crypto network and must be the destination's; the destination must be active and registered at or above the account's scope, for the same asset (else 422 / 409 `destination_<status>`). A policy `deny` is 422 `policy_denied` naming the rule; insufficient funds (amount + fee) is 422 `insufficient_funds`. States: docs/governed-money.md.
         *
         *     Requires permission `withdrawals.create`.
         */
        post: operations["createWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawals/{withdrawal_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a withdrawal
         * @description Requires permission `withdrawals.read`.
         */
        get: operations["getWithdrawal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawals/{withdrawal_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a withdrawal
         * @description Until the withdrawal is handed to the rail: a pending approval is cancelled with it, the hold is released and the answer is the withdrawal `cancelled`. Afterwards 409 `withdrawal_submitted`; a finished withdrawal is 409 `withdrawal_<status>`.
         *
         *     Requires permission `withdrawals.create`.
         */
        post: operations["cancelWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawals/{withdrawal_id}/ledger-entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ledger effects of a withdrawal
         * @description What a withdrawal did to the ledger: the holds it placed (pending, posted or voided) and the ledger transactions it booked, with their postings (debit or credit, per account), oldest first. Read with `withdrawals.read` where the record is; the lists are empty until the ledger is touched.
         *
         *     Requires permission `withdrawals.read`.
         */
        get: operations["listWithdrawalLedgerEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ActionToken: {
            action: components["schemas"]["GovernedAction"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expires_at: string;
            id: string;
            /** @enum {string} */
            resource: "action_token";
            resource_ref: string;
            /** @description The principal the token is bound to (the subject of the access token that asked for it). */
            subject_ref: string;
            /** @description Send as `X-Action-Token`; returned once, stored only as a hash. */
            token: string;
        };
        ActionTokenCreate: {
            action: components["schemas"]["GovernedAction"];
            batch?: components["schemas"]["ApprovalBatchBinding"];
            /** @description Lifetime; default COUNTERFOIL_ACTION_TOKEN_TTL_SECONDS (300), at most 300. */
            expires_in_seconds?: number;
            /**
             * @description The resource the action acts on; required for every action but `approvals.decide_many`.
             * @example service-accounts/0193a1c2-7f00-7abc-8def-0123456789ab
             */
            resource_ref?: string;
        };
        ApiKey: {
            /**
             * @description The client account the key acts on: the one named at creation, else the client's default account.
             * @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab
             */
            account_ref: string;
            /** @description The first characters of the API key, to tell keys apart; the key itself is shown only once. */
            api_key_prefix: string;
            /**
             * @description The signed API version this key's requests are answered at when they send no `Counterfoil-Version` header: the latest when the key was created (kept on reactivation); the first for keys created before versions existed.
             * @example 2026-11-26
             */
            api_version: string;
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            client_ref: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            id: string;
            /** @description IPv4/IPv6 addresses and CIDR ranges the key may be used from (normalized); empty admits any address. */
            ip_allowlist: string[];
            /**
             * Format: date-time
             * @description When the current key material was issued (creation or the last reactivation).
             * @example 2026-11-21T10:00:00.000Z
             */
            key_issued_at: string;
            label: string;
            /** @description Ed25519 public key, SubjectPublicKeyInfo DER, base64. */
            public_key: string;
            /** @enum {string} */
            resource: "api_key";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            revoked_at: string | null;
            /** @enum {string} */
            status: "active" | "revoked";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        ApiKeyCreate: {
            /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            account_ref?: string;
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            client_ref: string;
            /** @description IPv4 and IPv6 addresses and CIDR ranges (`203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`, `::1`); empty or absent admits any address. */
            ip_allowlist?: string[];
            label: string;
        };
        ApiKeyList: {
            items: components["schemas"]["ApiKey"][];
            next_page_token: string | null;
        };
        ApiKeyUpdate: {
            /** @description IPv4 and IPv6 addresses and CIDR ranges (`203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`, `::1`); empty or absent admits any address. */
            ip_allowlist?: string[];
            label?: string;
        };
        Approval: {
            action_family: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /** @description Null while pending. */
            decision: {
                approved_by: {
                    id: string;
                    kind: string;
                    tenant_ref: string;
                }[];
                /**
                 * Format: date-time
                 * @example 2026-11-21T10:00:00.000Z
                 */
                decided_at: string;
                decided_by: {
                    id: string;
                    kind: string;
                    tenant_ref: string;
                } | null;
                /** @enum {string} */
                outcome: "approved" | "rejected" | "expired" | "cancelled";
            } | null;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expires_at: string;
            governed_ref: string;
            id: string;
            initiated_by: components["schemas"]["SubjectAttribution"];
            operation_id: string;
            requirement_snapshot: components["schemas"]["ApprovalRequirementSnapshot"];
            /** @enum {string} */
            resource: "approval";
            /** @description The governed account. */
            scope_ref: string;
            /**
             * @description pending → approved | rejected | expired | cancelled (all terminal).
             * @enum {string}
             */
            status: "pending" | "approved" | "rejected" | "expired" | "cancelled";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
            votes: {
                /**
                 * Format: date-time
                 * @example 2026-11-21T10:00:00.000Z
                 */
                created_at: string;
                principal: {
                    id: string;
                    kind: string;
                    tenant_ref: string;
                };
                /** @enum {string} */
                verdict: "approve" | "reject";
            }[];
        };
        /** @description For `approvals.decide_many` only (and required there): the decision and the approvals it binds the token to, in any order. */
        ApprovalBatchBinding: {
            approval_ids: string[];
            /** @enum {string} */
            decision: "approve" | "reject";
        };
        ApprovalDecisionBatch: {
            /** @enum {string} */
            decision: "approve" | "reject";
            /** @enum {string} */
            resource: "approval_decision_batch";
            results: {
                approval: components["schemas"]["Approval"] & (Record<string, never> | null);
                approval_id: string;
                problem: components["schemas"]["Problem"] & (Record<string, never> | null);
                /** @description What the decision alone would have answered: 200, or the problem's status. */
                status: number;
            }[];
        };
        ApprovalDecisionBatchRequest: {
            approval_ids: string[];
            /** @enum {string} */
            decision: "approve" | "reject";
        };
        ApprovalList: {
            items: components["schemas"]["Approval"][];
            next_page_token: string | null;
        };
        ApprovalRequirement: {
            approval_ttl_seconds: number;
            approver_role_ref: string;
            authority_ref: string;
            initiator_cannot_approve: boolean;
            reason_code: string;
            required_human_approvals: number;
            requirement_key: string;
            /** @enum {string} */
            source: "policy";
        } | null;
        ApprovalRequirementSnapshot: {
            /** @description Holders of this role at the governed scope may approve. */
            approver_role_ref: string;
            /** @description The policy rule that required the approval (`policy-rules/<id>`), or for a policy change the enterprise's governance settings (`governance-settings/<enterprise id>`). */
            authority_ref: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expires_at: string;
            governed_ref: string;
            initiator_cannot_approve: boolean;
            /** @description The first condition of the deciding rule (`amount_at_least`, `velocity`, ...), or `unconditional`. */
            reason_code: string;
            required_human_approvals: number;
            /** @description `policy-rules/<id>/v<version>`: the rule version the requirement came from. */
            requirement_key: string;
            /**
             * @description `policy`: a policy rule required it; `governance`: a policy change (docs/policy-changes.md).
             * @enum {string}
             */
            source: "policy" | "governance";
        };
        Asset: {
            /** @enum {string} */
            asset_class: "fiat" | "crypto";
            code: string;
            id: string;
            name: string;
            networks: string[];
            payment_methods: string[];
            /** @description Decimal places of the minor unit: amounts with more are refused (422). */
            precision: number;
            /** @enum {string} */
            resource: "asset";
        };
        AssetList: {
            items: components["schemas"]["Asset"][];
            next_page_token: string | null;
        };
        AvailableCryptoNetworkList: {
            items: components["schemas"]["CryptoNetwork"][];
            next_page_token: string | null;
        };
        AvailablePaymentMethodList: {
            items: components["schemas"]["PaymentMethod"][];
            next_page_token: string | null;
        };
        BalanceItem: {
            asset: string;
            /** @description total - held; negative only within the overdraft limit. */
            available: string;
            /** @description Reserved by pending holds. */
            held: string;
            overdraft_headroom: string | null;
            overdraft_limit: string | null;
            overdraft_used: string;
            owner_ref: string;
            /** @enum {string} */
            owner_subtype: "client_account" | "master_account";
            /** @description Fold of the posted ledger entries. */
            total: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        BalanceList: {
            items: components["schemas"]["BalanceItem"][];
        };
        BalanceMonitor: {
            /**
             * @description `client-accounts/<id>` or `master-accounts/<id>`.
             * @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab
             */
            account_ref: string;
            asset: string;
            /**
             * @description Which figure of the balance item is watched: `available` (total − held), `total` or `held`.
             * @enum {string}
             */
            balance: "available" | "total" | "held";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            description: string;
            /**
             * @description Covers the configuration (balance, operator, threshold, description, status), not `state`: a booking does not change it.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            id: string;
            /**
             * Format: date-time
             * @description When a booking last made the condition true from false (its event was written then).
             * @example 2026-11-21T10:00:00.000Z
             */
            last_crossed_at: string | null;
            /** @enum {string} */
            operator: "<" | "<=" | ">" | ">=";
            /** @enum {string} */
            resource: "balance_monitor";
            /** @description Whether the condition held after the last booking that changed the balance (or, for a monitor created, changed or enabled since, at that moment). Not kept current while disabled. */
            state: boolean;
            /**
             * @description Only active monitors are evaluated.
             * @enum {string}
             */
            status: "active" | "disabled";
            /**
             * @description Exact decimal string in the asset's precision; may be negative or zero.
             * @example 100.00
             */
            threshold: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        BalanceMonitorCreate: {
            /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            account_ref: string;
            /** @enum {string} */
            asset: "USD" | "EUR" | "GBP" | "USDC" | "USDT" | "BTC" | "ETH";
            /** @enum {string} */
            balance: "available" | "total" | "held";
            description?: string;
            /** @enum {string} */
            operator: "<" | "<=" | ">" | ">=";
            /**
             * @description Decimal string with at most the asset's decimal places; may be zero or negative (`-50.00`).
             * @example 100.00
             */
            threshold: string;
        };
        BalanceMonitorList: {
            items: components["schemas"]["BalanceMonitor"][];
            next_page_token: string | null;
        };
        BalanceMonitorUpdate: {
            /** @enum {string} */
            balance?: "available" | "total" | "held";
            description?: string;
            /** @enum {string} */
            operator?: "<" | "<=" | ">" | ">=";
            /**
             * @description Decimal string with at most the asset's decimal places; may be zero or negative (`-50.00`).
             * @example 100.00
             */
            threshold?: string;
        };
        CapabilityItem: {
            enabled: boolean;
            /**
             * @description - `webhooks.manage`: Webhook subscriptions can be created, enabled, tested and redelivered.
             *     - `withdrawals.crypto`: Withdrawals to crypto addresses.
             *     - `conversions`: Conversions between assets.
             *     - `ramps.on_ramp`: Fiat-to-crypto on-ramp sessions.
             *     - `ramps.off_ramp`: Crypto-to-fiat off-ramp sessions.
             *     - `api_keys`: API keys for the signed balance and conversion API.
             * @enum {string}
             */
            name: "api_keys" | "conversions" | "ramps.off_ramp" | "ramps.on_ramp" | "webhooks.manage" | "withdrawals.crypto";
        };
        CapabilityList: {
            items: components["schemas"]["CapabilityItem"][];
            next_page_token: string | null;
        };
        CapabilitySetting: {
            enabled: boolean;
        };
        ClaimMapping: {
            /** @description Claim holding the display name (default `name`). */
            display_name: string;
            /** @description Claim holding the e-mail address used to link an existing user (default `email`). */
            email: string;
            /** @description Claim that must be `true` before a user is linked by e-mail (default `email_verified`); null trusts every e-mail the provider asserts. */
            email_verified: string | null;
            /** @description Claim holding the stable user id at the provider (default `sub`). */
            subject: string;
        };
        ClaimMappingInput: {
            /** @description Claim holding the display name (default `name`). */
            display_name?: string;
            /** @description Claim holding the e-mail address used to link an existing user (default `email`). */
            email?: string;
            /** @description Claim that must be `true` before a user is linked by e-mail (default `email_verified`); null trusts every e-mail the provider asserts. */
            email_verified?: string | null;
            /** @description Claim holding the stable user id at the provider (default `sub`). */
            subject?: string;
        };
        Client: {
            /** @description Whether the client may use the signed API. */
            api_access: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            default_client_account: string;
            display_name: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            external_id: string;
            id: string;
            /**
             * @description Identity verification state; `verified` by default in sandbox mode.
             * @enum {string}
             */
            kyc_status: "pending" | "verified" | "rejected";
            metadata: {
                [key: string]: string;
            };
            /** @enum {string} */
            resource: "client";
            /** @example enterprises/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            /** @enum {string} */
            status: "active" | "suspended" | "closed";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        ClientAccount: {
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            display_name: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            id: string;
            /** @enum {string} */
            resource: "client_account";
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            /** @enum {string} */
            status: "active" | "suspended" | "closed";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        ClientAccountCreate: {
            display_name: string;
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
        };
        ClientAccountList: {
            items: components["schemas"]["ClientAccount"][];
            next_page_token: string | null;
        };
        ClientAccountStatementExportList: {
            items: components["schemas"]["Export"][];
            next_page_token: string | null;
        };
        ClientAccountStatementExportRequest: {
            /** @enum {string} */
            asset: "USD" | "EUR" | "GBP" | "USDC" | "USDT" | "BTC" | "ETH";
            /**
             * @description CSV (RFC 4180, header row) or JSON Lines.
             * @default csv
             * @enum {string}
             */
            format: "csv" | "jsonl";
            /**
             * Format: date-time
             * @description Start (exclusive) of the period, as the statement's `from`.
             */
            from: string;
            /**
             * @description The client account.
             * @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab
             */
            scope_ref: string;
            /**
             * Format: date-time
             * @description End (inclusive) of the period, not in the future, as the statement's `to`.
             */
            to: string;
        };
        ClientAccountUpdate: {
            display_name?: string;
        };
        ClientCreate: {
            display_name: string;
            external_id: string;
            metadata?: {
                [key: string]: string;
            };
            /** @example enterprises/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
        };
        ClientList: {
            items: components["schemas"]["Client"][];
            next_page_token: string | null;
        };
        ClientUpdate: {
            display_name?: string;
            metadata?: {
                [key: string]: string;
            };
        };
        Connector: {
            /**
             * Format: uri
             * @description Where Counterfoil sends its requests (docs/connectors.md).
             */
            base_url: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            description: string;
            enterprise_ref: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            /** @description Path the connector posts its events to. */
            events_url: string;
            id: string;
            /** @description The provider name the routing configuration refers to (COUNTERFOIL_PROVIDERS): unique in the enterprise. */
            name: string;
            /**
             * Format: date-time
             * @description While set, the previous secret still signs and verifies.
             * @example 2026-11-21T10:00:00.000Z
             */
            previous_secret_expires_at: string | null;
            /** @enum {string} */
            resource: "connector";
            /** @description What the routing configuration of this deployment sends to this connector (`*`: everything of the kind not routed elsewhere). */
            serves: {
                key: string;
                /** @enum {string} */
                kind: "rails" | "deposits" | "prices" | "kyc";
            }[];
            /**
             * @description A disabled connector is sent nothing and its events are refused (403).
             * @enum {string}
             */
            status: "active" | "disabled";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        ConnectorCreate: {
            base_url: string;
            description?: string;
            name: string;
        };
        /** @description A payment arrived, final on its rail: on a deposit instruction (or its address and memo), or quoting an on-ramp session's payment reference. */
        ConnectorDepositReceived: {
            data: {
                address?: string;
                amount: {
                    currency: string;
                    value: string;
                };
                deposit_instruction_id?: string;
                memo?: string | null;
                /** @description The reference the payer quoted: an on-ramp session's `payment_instructions.reference` (the payment pays that session). */
                payment_reference?: string;
                /** @description Transaction id or bank reference: one deposit per rail and reference. */
                reference: string;
            };
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "deposit.received";
        };
        ConnectorEvent: components["schemas"]["ConnectorPayoutUpdated"] | components["schemas"]["ConnectorDepositReceived"] | components["schemas"]["ConnectorKycDecision"];
        ConnectorEventAnswer: {
            event_id: string;
            /** @description This event id was applied before: nothing changed now. */
            replayed: boolean;
            /** @description What the event applied to (`deposits/<id>`, `kyc-decisions/<id>`, `withdrawals/<id>`). */
            resource_ref: string | null;
            type: string;
        };
        /** @description The outcome of a client's identity verification. */
        ConnectorKycDecision: {
            data: {
                client_id: string;
                reason?: string | null;
                reference?: string | null;
                /** @enum {string} */
                status: "pending" | "verified" | "rejected";
            };
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "kyc.decision";
        };
        ConnectorList: {
            items: components["schemas"]["Connector"][];
            next_page_token: string | null;
        };
        /** @description A payout changed state: Counterfoil asks its outcome (POST /payouts/status) now instead of at its next check. */
        ConnectorPayoutUpdated: {
            data: {
                /** @description The business key of the payout (`withdrawal/<id>`, `off_ramp/<id>`). */
                idempotency_key: string;
            };
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "payout.updated";
        };
        ConnectorSecretRotation: {
            overlap_seconds?: number;
        };
        ConnectorWithSecret: components["schemas"]["Connector"] & {
            /** @description The `whsec_` signing secret (Standard Webhooks) both directions use. Shown only in this response. */
            secret: string;
        };
        ConversionCreate: {
            /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            account_ref: string;
            from_amount: {
                currency: string;
                value: string;
            };
            quote_id?: string;
            to_currency: string;
        };
        ConversionList: {
            items: components["schemas"]["ConversionRecord"][];
            next_page_token: string | null;
        };
        ConversionPair: {
            base_asset: string;
            enabled: boolean;
            from_asset: string;
            from_precision: number;
            id: string;
            max_from_amount: components["schemas"]["Money"];
            min_from_amount: components["schemas"]["Money"];
            /** @description Decimal places of the presented price (rounded down). */
            price_precision: number;
            quote_asset: string;
            /** @description Lifetime of a firm quote on this pair. */
            quote_ttl_seconds: number;
            /** @enum {string} */
            resource: "conversion_pair";
            to_asset: string;
            to_precision: number;
        };
        ConversionPairList: {
            items: components["schemas"]["ConversionPair"][];
            next_page_token: string | null;
        };
        ConversionPreviewRequest: {
            /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            account_ref: string;
            from_amount: {
                currency: string;
                value: string;
            };
            to_currency: string;
        };
        ConversionQuote: {
            account_ref: string;
            /** @enum {string} */
            amount_basis: "from";
            /** @enum {boolean} */
            binding: true;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expires_at: string;
            fee_summary: components["schemas"]["FeeSummary"];
            /** @enum {string} */
            flow_type: "conversion";
            from_amount: components["schemas"]["Money"];
            from_asset: string;
            id: string;
            pair_id: string;
            price: {
                /**
                 * Format: date-time
                 * @example 2026-11-21T10:00:00.000Z
                 */
                computed_at: string;
                price: string;
                /** @enum {string} */
                price_type: "firm";
            };
            /** @enum {string} */
            pricing_mode: "firm";
            /** @enum {string} */
            resource: "conversion_quote";
            to_amount: components["schemas"]["Money"];
            to_asset: string;
            total_debit: components["schemas"]["Money"] & unknown;
            used: boolean;
        };
        ConversionRecord: {
            /** @description The account debited in the source asset and credited in the target asset. */
            account_ref: string;
            approval_ref: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            failure_reason: string | null;
            /** @enum {string} */
            family: "conversion";
            family_params: {
                from_amount: components["schemas"]["Money"];
                pair_id: string;
                /** @description Units of to_currency per unit of from currency, rounded down to the pair's price precision. */
                price: string;
                /** @description The firm quote executed; null for a conversion at market. */
                quote_id: string | null;
                to_amount: components["schemas"]["Money"];
                to_currency: string;
            };
            fee_summary: components["schemas"]["FeeSummary"];
            /** @description The price the conversion executed at; null until executed. */
            fill_rate: string | null;
            id: string;
            principal_amount: components["schemas"]["Money"];
            /**
             * @description The resource discriminator; from API version 2026-11-26 (absent at 2026-11-21).
             * @enum {string}
             */
            resource: "transaction";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            settled_at: string | null;
            /**
             * @description executed at once without approval; pending_approval → executing → executed, or → cancelled | rejected | expired | failed.
             * @enum {string}
             */
            status: "pending_approval" | "executing" | "executed" | "cancelled" | "rejected" | "expired" | "failed";
            subject_attribution: components["schemas"]["SubjectAttribution"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        /**
         * @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does.
         * @enum {string}
         */
        CounterfoilVersion: "2026-11-21" | "2026-11-26";
        CryptoNetwork: {
            address_format: {
                description: string;
                example: string;
                pattern: string;
            };
            assets: {
                asset: string;
                contract: string | null;
            }[];
            block_time_seconds: number;
            code: string;
            /** @description Blocks after inclusion before a deposit is final. */
            confirmations: number;
            display_name: string;
            id: string;
            memo: {
                format: string;
                required_for_deposit: boolean;
            } | null;
            native_asset: string;
            /** @enum {string} */
            resource: "crypto_network";
            /** @enum {string} */
            status: "active" | "suspended";
        };
        CryptoNetworkList: {
            items: components["schemas"]["CryptoNetwork"][];
            next_page_token: string | null;
        };
        CryptoRouting: {
            asset: string;
            endpoint: {
                address: string;
                /** @description Required on memo networks (stellar): a deposit without it cannot be attributed. */
                memo: string | null;
            };
            network: string;
        } | null;
        Deposit: {
            account_ref: string;
            amount: {
                currency: string;
                value: string;
            };
            asset: string;
            confirmations: number;
            confirmations_required: number;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            confirmed_at: string | null;
            /** @description The connector that reported the deposit (`connectors/<id>`); null for a simulated one. */
            connector_ref: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            credited_at: string | null;
            deposit_instruction_id: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            failure_reason: string | null;
            fiat_rail: string | null;
            funding_endpoint_id: string;
            id: string;
            ledger_transaction_ref: string | null;
            network: string | null;
            /** @enum {string} */
            rail_class: "crypto" | "fiat";
            /** @enum {string} */
            resource: "deposit";
            /**
             * @description pending → confirmed → credited; failed when it cannot be credited (see failure_reason).
             * @enum {string}
             */
            status: "pending" | "confirmed" | "credited" | "failed";
            subject_attribution?: unknown;
            /** @description Network transaction id (crypto) or bank reference (fiat): the reporting connector's reference; synthetic in sandbox. */
            transaction_hash: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        DepositInstruction: {
            account_ref: string;
            asset: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            crypto_routing: components["schemas"]["CryptoRouting"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expires_at: string | null;
            fiat_routing: components["schemas"]["FiatRouting"];
            funding_endpoint_id: string;
            id: string;
            /** @enum {string} */
            rail_class: "crypto" | "fiat";
            /** @enum {string} */
            resource: "deposit_instruction";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        DepositInstructionList: {
            items: components["schemas"]["DepositInstruction"][];
            next_page_token: string | null;
        };
        DepositList: {
            items: components["schemas"]["Deposit"][];
            next_page_token: string | null;
        };
        EligibleApprover: {
            display_name: string;
            email: string;
            id: string;
            principal_ref: string;
            /** @enum {string} */
            resource: "human_actor";
        };
        EligibleApproverList: {
            items: components["schemas"]["EligibleApprover"][];
        };
        EligibleCryptoNetworkList: {
            items: components["schemas"]["CryptoNetwork"][];
            next_page_token: string | null;
        };
        EligiblePayoutMethodList: {
            items: components["schemas"]["PaymentMethod"][];
            next_page_token: string | null;
        };
        Enterprise: {
            /** @enum {string} */
            admission_state: "operational" | "closed";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /** @example master-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            default_master_account: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            external_id: string;
            id: string;
            jurisdiction: string;
            legal_name: string;
            metadata: {
                [key: string]: string;
            };
            /** @enum {string} */
            resource: "enterprise";
            /** @enum {string} */
            restriction_state: "none" | "suspended";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        EnterpriseCommercialAgreement: {
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            effective_from: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            fee_schedule: components["schemas"]["FeeSchedule"];
            id: string;
            /** @enum {string} */
            resource: "enterprise_commercial_agreement";
            /** @example enterprises/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            /** @enum {string} */
            status: "in_force" | "superseded";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            superseded_at: string | null;
            superseded_by: string | null;
            supersedes: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
            /** @description Agreement version (1, 2, ...), recorded as enterprise_ca_version by fee previews and executed operations. */
            version: number;
        };
        EnterpriseCommercialAgreementCreate: {
            fee_schedule: components["schemas"]["FeeSchedule"];
            /** @example enterprises/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
        };
        EnterpriseCommercialAgreementList: {
            items: components["schemas"]["EnterpriseCommercialAgreement"][];
            next_page_token: string | null;
        };
        EnterpriseCommercialAgreementSupersede: {
            fee_schedule: components["schemas"]["FeeSchedule"];
        };
        EnterpriseList: {
            items: components["schemas"]["Enterprise"][];
            next_page_token: string | null;
        };
        EnterpriseUpdate: {
            metadata: {
                [key: string]: string;
            };
        };
        Event: {
            /** @description The resource's API representation when the event occurred; its JSON Schema is at GET /events/types. */
            data?: unknown;
            id: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            occurred_at: string;
            /** @enum {string} */
            resource: "event";
            resource_ref: string;
            /** @description Narrowest topology scope of the resource. */
            scope_ref: string;
            subject_attribution: {
                [key: string]: unknown;
            } | null;
            /**
             * @description `<area>.<subject>.<state>.v<n>`
             * @example operations.withdrawal.settled.v1
             */
            type: string;
        };
        EventList: {
            items: components["schemas"]["Event"][];
            next_page_token: string | null;
        };
        EventReplay: {
            subscription_id?: string;
        };
        EventType: {
            description: string;
            /** @description JSON Schema (draft 2020-12) of the event `data`. */
            payload_schema: {
                [key: string]: unknown;
            };
            type: string;
        };
        EventTypeList: {
            items: components["schemas"]["EventType"][];
            next_page_token: string | null;
        };
        Export: {
            /** @description The asset of a client account statement export; null for other kinds. */
            asset: string | null;
            byte_size: number | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            completed_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /** @description Where to GET the file while it is `completed`. */
            download_path: string | null;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expires_at: string | null;
            failure_reason: string | null;
            /** @enum {string} */
            format: "csv" | "jsonl";
            /**
             * Format: date-time
             * @description Inclusive start of the time range.
             * @example 2026-11-21T10:00:00.000Z
             */
            from: string;
            id: string;
            /** @enum {string} */
            resource: "operations_activity_export" | "user_action_audit_export" | "client_account_statement_export";
            row_count: number | null;
            /** @example export-schedules/0193a1c2-7f00-7abc-8def-0123456789ab */
            schedule_ref: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            scheduled_for: string | null;
            scope_ref: string;
            /** @description Hex SHA-256 of the file; equal to the digest of the downloaded bytes. */
            sha256: string | null;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed" | "expired";
            /**
             * Format: date-time
             * @description Exclusive end of the time range.
             * @example 2026-11-21T10:00:00.000Z
             */
            to: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        ExportSchedule: {
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            description: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            /** @enum {string} */
            format: "csv" | "jsonl";
            id: string;
            /** @enum {string} */
            kind: "operations_activity" | "user_action_audit";
            /** @description From the Temporal Schedule (on GET of one schedule). */
            next_run_times?: string[];
            range: {
                seconds: number | null;
                /** @enum {string} */
                type: "previous_utc_day" | "trailing";
            };
            /** @enum {string} */
            resource: "export_schedule";
            scope_ref: string;
            spec: {
                cron: string | null;
                interval_seconds: number | null;
            };
            /** @enum {string} */
            status: "active" | "paused" | "deleted";
            temporal_schedule_id: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        ExportScheduleBackfill: {
            /** Format: date-time */
            end_time: string;
            /** Format: date-time */
            start_time: string;
        };
        ExportScheduleCreate: {
            description?: string;
            /**
             * @description CSV (RFC 4180, header row) or JSON Lines.
             * @default csv
             * @enum {string}
             */
            format: "csv" | "jsonl";
            /** @enum {string} */
            kind: "operations_activity" | "user_action_audit";
            range: {
                /** @enum {string} */
                type: "previous_utc_day";
            } | {
                seconds: number;
                /** @enum {string} */
                type: "trailing";
            };
            /** @example enterprises/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            spec: {
                cron: string;
            } | {
                interval_seconds: number;
            };
        };
        ExportScheduleList: {
            items: components["schemas"]["ExportSchedule"][];
            next_page_token: string | null;
        };
        FeePreview: {
            fee_preview: {
                /** @enum {string} */
                binding: "non_binding";
                /**
                 * Format: date-time
                 * @example 2026-11-21T10:00:00.000Z
                 */
                computed_at: string;
                /** @description 0 when the enterprise has no agreement: platform schedule only. */
                enterprise_ca_version: number;
                fee_summary: {
                    components: {
                        amount: {
                            amount: string;
                            currency: string;
                        };
                        payee_ref: string | null;
                        /** @enum {string} */
                        type: "network_fee" | "service_fee";
                    }[];
                    total: {
                        amount: string;
                        currency: string;
                    };
                };
                /** @enum {string} */
                operation_type: "withdrawal" | "internal_transfer" | "conversion" | "on_ramp" | "off_ramp";
                platform_ca_version: number;
                principal_amount: {
                    amount: string;
                    currency: string;
                };
                service_type: string | null;
                subject_ref: string;
            };
        };
        FeePreviewRequest: {
            /** @enum {string} */
            operation_type: "withdrawal" | "internal_transfer" | "conversion" | "on_ramp" | "off_ramp";
            principal_amount: {
                amount: string;
                currency: string;
            };
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            requested_at?: string;
            service_type?: string | null;
            settlement_amount?: {
                amount: string;
                currency: string;
            } | null;
            /** @description Account (or enterprise) the operation is for. */
            subject_ref: string;
        };
        /** @description Rules layered on the platform schedule: for an operation, the most specific matching enterprise rule wins, else the platform's. */
        FeeSchedule: {
            network_fees: components["schemas"]["NetworkFeeRule"][];
            service_fees: components["schemas"]["ServiceFeeRule"][];
        };
        FeeSummary: {
            components: {
                amount: components["schemas"]["Money"];
                kind: string;
            }[];
            total: components["schemas"]["Money"];
        };
        /** @description Virtual bank account details; the fields present depend on the rail. */
        FiatRouting: {
            account_number?: string;
            account_type?: string;
            beneficiary_name: string;
            bic?: string;
            currency: string;
            iban?: string;
            /** @enum {string} */
            rail: "sepa" | "ach" | "fps";
            routing_number?: string;
            sort_code?: string;
        } | null;
        FundingEndpoint: {
            account_ref: string;
            asset: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            crypto_routing: components["schemas"]["CryptoRouting"];
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            fiat_rail: string | null;
            fiat_routing: components["schemas"]["FiatRouting"];
            id: string;
            network: string | null;
            /** @enum {string} */
            rail_class: "crypto" | "fiat";
            /** @enum {string} */
            resource: "funding_endpoint";
            /** @enum {string} */
            status: "active" | "disabled";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        FundingEndpointList: {
            items: components["schemas"]["FundingEndpoint"][];
            next_page_token: string | null;
        };
        GovernanceSettings: {
            /** @description The role whose holders approve policy changes and new destinations (default: the platform role `enterprise-admin`). */
            approver_role_ref: string;
            /** @description A policy change not approved within this expires and changes nothing (default 7 days). */
            change_ttl_seconds: number;
            /** @description Admins who must approve a new withdrawal destination before it is active; 0: active at once. */
            destination_approval_quorum: number;
            /** @description A new destination is usable this long after it became active (`usable_from`); 0: at once. */
            destination_cooling_off_seconds: number;
            enterprise_ref: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            /** @description The enterprise id. */
            id: string;
            /** @description Admins who must approve a policy change (activating a rule, editing or retiring an active rule, changing these settings); 0: changes apply at once. */
            policy_change_quorum: number;
            /** @enum {string} */
            resource: "governance_settings";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        GovernanceSettingsUpdate: {
            approver_role_ref?: string;
            change_ttl_seconds?: number;
            destination_approval_quorum?: number;
            destination_cooling_off_seconds?: number;
            policy_change_quorum?: number;
        };
        /**
         * @description Actions that require an action token in X-Action-Token:
         *     - `approvals.approve`: Approve an approval. resource_ref: `approvals/<id>`.
         *     - `approvals.reject`: Reject an approval. resource_ref: `approvals/<id>`.
         *     - `service_accounts.rotate_secret`: Rotate a service account secret. resource_ref: `service-accounts/<id>`.
         *     - `role_assignments.grant_enterprise_admin`: Grant the `enterprise-admin` role (POST /role-assignments). resource_ref: the `principal_ref` receiving the role.
         *     - `clients.record_kyc_decision`: Record a KYC decision for a client (POST /clients/{client_id}/kyc-decisions). resource_ref: `clients/<id>`.
         *     - `approvals.decide_many`: Approve or reject several approvals at once (POST /approvals/decisions). Give `batch {decision, approval_ids}` instead of resource_ref: the token is bound to the decision and the sorted list of ids (resource_ref `approval-decisions/<decision>/sha256:<hex of the sorted ids joined by commas>`).
         * @enum {string}
         */
        GovernedAction: "approvals.approve" | "approvals.reject" | "service_accounts.rotate_secret" | "role_assignments.grant_enterprise_admin" | "clients.record_kyc_decision" | "approvals.decide_many";
        Health: {
            /** @enum {string} */
            status: "ok";
        };
        /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
        IdempotencyKey: string;
        IdentityProvider: {
            allowed_algorithms: ("RS256" | "RS384" | "RS512" | "PS256" | "PS384" | "PS512" | "ES256" | "ES384" | "ES512" | "EdDSA")[];
            audience: string;
            claim_mapping: components["schemas"]["ClaimMapping"];
            /** @description People may sign in to the web console with this provider (docs/console.md). */
            console_sign_in: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            display_name: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            id: string;
            issuer: string;
            jwks: components["schemas"]["Jwks"];
            jwks_uri: string | null;
            /** @enum {string} */
            resource: "identity_provider";
            /** @example enterprises/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            /** @enum {string} */
            status: "active" | "disabled";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        IdentityProviderCreate: {
            /** @description Accepted ID-token signature algorithms (default RS256 and ES256). */
            allowed_algorithms?: ("RS256" | "RS384" | "RS512" | "PS256" | "PS384" | "PS512" | "ES256" | "ES384" | "ES512" | "EdDSA")[];
            /** @description Value the ID token `aud` claim must contain (the client id registered at the provider). */
            audience: string;
            claim_mapping?: components["schemas"]["ClaimMappingInput"];
            /** @description People may sign in to the web console with this provider (default false): the console, a public client, redirects to the provider with `audience` as its client id (authorization code + PKCE) and exchanges the ID token at POST /oauth/token without a client secret. */
            console_sign_in?: boolean;
            display_name: string;
            /** @description Exact `iss` of the provider ID tokens; unique within the enterprise. Changed only when the provider moves (PATCH). */
            issuer: string;
            jwks?: components["schemas"]["Jwks"] & unknown;
            /** @description https URL of the provider key set, fetched and cached for 10 minutes (refetched early for an unknown `kid`). Must resolve to a public address. */
            jwks_uri?: string;
        };
        IdentityProviderList: {
            items: components["schemas"]["IdentityProvider"][];
            next_page_token: string | null;
        };
        IdentityProviderUpdate: {
            /** @description Accepted ID-token signature algorithms (default RS256 and ES256). */
            allowed_algorithms?: ("RS256" | "RS384" | "RS512" | "PS256" | "PS384" | "PS512" | "ES256" | "ES384" | "ES512" | "EdDSA")[];
            /** @description Value the ID token `aud` claim must contain (the client id registered at the provider). */
            audience?: string;
            claim_mapping?: components["schemas"]["ClaimMappingInput"];
            /** @description People may sign in to the web console with this provider (default false): the console, a public client, redirects to the provider with `audience` as its client id (authorization code + PKCE) and exchanges the ID token at POST /oauth/token without a client secret. */
            console_sign_in?: boolean;
            display_name?: string;
            /** @description A new issuer, when the provider moved (a new domain or port) and keeps its subjects: the users linked to the old issuer are linked to the new one in the same change, and ID tokens of the old issuer are no longer accepted. Unique within the enterprise (409 `issuer_taken`). */
            issuer?: string;
            jwks?: components["schemas"]["Jwks"] & unknown;
            /** @description https URL of the provider key set, fetched and cached for 10 minutes (refetched early for an unknown `kid`). Must resolve to a public address. */
            jwks_uri?: string;
            /**
             * @description A disabled provider is not used for token exchange.
             * @enum {string}
             */
            status?: "active" | "disabled";
        };
        /** @description ETag of the version being changed. */
        IfMatch: string;
        IndicativePrice: {
            /** @enum {string} */
            amount_basis: "from";
            /** @enum {boolean} */
            binding: false;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            calculated_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expires_at: string;
            fee_summary: components["schemas"]["FeeSummary"];
            /** @enum {string} */
            flow_type: "conversion";
            from_amount: components["schemas"]["Money"];
            from_asset: string;
            indicative_price: {
                /**
                 * Format: date-time
                 * @example 2026-11-21T10:00:00.000Z
                 */
                computed_at: string;
                price: string;
                /** @enum {string} */
                price_type: "indicative";
            };
            /** @enum {string} */
            pricing_mode: "indicative";
            to_amount: components["schemas"]["Money"];
            to_asset: string;
        };
        InternalTransferBatch: {
            atomic: boolean;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            id: string;
            /** @enum {string} */
            resource: "internal_transfer_batch";
            /** @description One per transfer, in request order. */
            results: {
                /** @description The transfer's position in the request. */
                index: number;
                /**
                 * @description At creation: booked, awaiting approval (see the transfer for what happened since), or refused (`problem`).
                 * @enum {string}
                 */
                outcome: "executed" | "pending_approval" | "refused";
                problem: components["schemas"]["InternalTransferBatchProblem"];
                /** @description `internal-transfers/<id>`; null when refused. */
                transfer_ref: string | null;
            }[];
            /**
             * @description Every transfer of the batch has its outcome (an atomic batch that is refused is not recorded).
             * @enum {string}
             */
            status: "completed";
            subject_attribution: components["schemas"]["SubjectAttribution"];
            summary: {
                executed: number;
                pending_approval: number;
                refused: number;
            };
            transfer_count: number;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        InternalTransferBatchCreate: {
            atomic: boolean;
            transfers: {
                amount: {
                    currency: string;
                    value: string;
                };
                /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
                source_ref: string;
                /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
                target_ref: string;
            }[];
        };
        /** @description The refusal a transfer of the batch got: the problem body POST /internal-transfers would have answered, with pointers into the batch body. */
        InternalTransferBatchProblem: ({
            code: string;
            detail: string;
            errors: {
                detail: string;
                pointer: string;
            }[];
            reason?: string;
            status: number;
        } & {
            [key: string]: unknown;
        }) | null;
        InternalTransferCreate: {
            amount: {
                currency: string;
                value: string;
            };
            /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            source_ref: string;
            /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            target_ref: string;
        };
        InternalTransferList: {
            items: components["schemas"]["InternalTransferRecord"][];
            next_page_token: string | null;
        };
        InternalTransferRecord: {
            /** @description The debited account. */
            account_ref: string;
            approval_ref: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            failure_reason: string | null;
            /** @enum {string} */
            family: "internal_transfer";
            family_params: {
                source_ref: string;
                target_ref: string;
            };
            fee_summary: components["schemas"]["FeeSummary"];
            fill_rate: string | null;
            id: string;
            policy_decision: components["schemas"]["PolicyDecision"];
            principal_amount: components["schemas"]["Money"];
            /**
             * @description The resource discriminator; from API version 2026-11-26 (absent at 2026-11-21).
             * @enum {string}
             */
            resource: "transaction";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            settled_at: string | null;
            /**
             * @description executed at once unless a policy rule requires approval: pending_approval → executing → executed | failed; pending_approval → cancelled | rejected | expired (hold released).
             * @enum {string}
             */
            status: "pending_approval" | "executing" | "executed" | "cancelled" | "rejected" | "expired" | "failed";
            subject_attribution: components["schemas"]["SubjectAttribution"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        InvitedRole: {
            /** @example roles/0193a1c2-7f00-7abc-8def-0123456789ab */
            role_ref: string;
            /**
             * @description `subtree`: the scope and everything below it; `exact`: the scope only.
             * @enum {string}
             */
            scope_propagation: "subtree" | "exact";
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
        };
        IssuedApiKey: components["schemas"]["ApiKey"] & {
            /** @description The API key for the `x-apikey` header. Shown only in this response; only its hash is stored. */
            api_key: string;
            /** @description The Ed25519 private key, PKCS#8 DER, base64. Shown only in this response; the service cannot recover it. */
            private_key: string;
        };
        /** @description RFC 7517 JSON Web Key Set of public signing keys (RSA, EC or OKP; no private members). */
        Jwks: {
            keys: {
                [key: string]: unknown;
            }[];
        } | null;
        KycDecision: {
            client_ref: string;
            connector_ref: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /** @enum {string} */
            decided_by: "connector" | "operator";
            id: string;
            /** @enum {string} */
            previous_status: "pending" | "verified" | "rejected";
            reason: string | null;
            /** @description The verification provider's case or check reference. */
            reference: string | null;
            /** @enum {string} */
            resource: "kyc_decision";
            /** @enum {string} */
            status: "pending" | "verified" | "rejected";
            /** @description The operator's attribution; null for a connector's decision. */
            subject_attribution?: unknown;
        };
        KycDecisionCreate: {
            reason?: string;
            /** @description The verification provider's case or check reference. */
            reference?: string;
            /** @enum {string} */
            status: "pending" | "verified" | "rejected";
        };
        KycDecisionList: {
            items: components["schemas"]["KycDecision"][];
            next_page_token: string | null;
        };
        LedgerCheckpoint: {
            /** @enum {string} */
            algorithm: "Ed25519";
            /** @description Balance rows (account and asset) whose chain heads the checkpoint signs. */
            balances: number;
            /** @description Postings in those chains (decimal string). */
            chained_postings: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            enterprise_ref: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            /** @description sha-256 (hex) of the JSON array of the heads `[account_ref, asset, chain length, head hex]`, in (account_ref, asset) byte order. */
            heads_digest: string;
            id: string;
            /** @description First 16 hex digits of the sha-256 of the raw public key. */
            key_id: string;
            /** @description The signed text: JSON with `type` `counterfoil.ledger.checkpoint.v1`, `id`, `enterprise_id`, `created_at`, `balances`, `chained_postings`, `heads_digest`, `key_id`. Verify the signature over these exact bytes (UTF-8). */
            payload: string;
            /** @description The raw 32-byte Ed25519 public key, base64url (the `x` of its JWK). Keep it with the checkpoints: a later checkpoint signed by another key is not this platform's. */
            public_key: string;
            /** @enum {string} */
            resource: "ledger_checkpoint";
            /** @description Ed25519 signature of `payload`, base64. */
            signature: string;
        };
        LedgerCheckpointList: {
            items: components["schemas"]["LedgerCheckpoint"][];
            next_page_token: string | null;
        };
        LedgerEntries: {
            holds: components["schemas"]["LedgerHold"][];
            /** @example withdrawals/0193a1c2-7f00-7abc-8def-0123456789ab */
            record_ref: string;
            transactions: components["schemas"]["LedgerTransaction"][];
        };
        /** @description Funds reserved on an account: `amount` left available (not total) while the hold was pending; a post moved `posted_amount` and returned the rest, a void returned all of it. */
        LedgerHold: {
            account_ref: string;
            amount: components["schemas"]["Money"];
            id: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            placed_at: string;
            posted_amount: components["schemas"]["Money"] & (Record<string, never> | null);
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            resolved_at: string | null;
            /** @enum {string} */
            status: "pending" | "posted" | "voided";
            /** @description The ledger transaction that posted the hold. */
            transaction_id: string | null;
        };
        LedgerPosting: {
            /** @description The account moved: a client or master account, or a system account `system/<enterprise_id>/<kind>`. */
            account_ref: string;
            amount: components["schemas"]["Money"];
            /** @enum {string} */
            direction: "debit" | "credit";
        };
        LedgerTransaction: {
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            booked_at: string;
            id: string;
            /** @description What the booking is (`withdrawal`, `internal_transfer`, `conversion`, ...). */
            kind: string;
            /** @description Postings that sum to zero per asset. */
            postings: components["schemas"]["LedgerPosting"][];
        };
        MasterAccount: {
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            display_name: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            id: string;
            /** @enum {string} */
            resource: "master_account";
            /** @example enterprises/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            /** @enum {string} */
            status: "active" | "suspended" | "closed";
            /** @enum {string} */
            tenant_type: "enterprise";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        MasterAccountList: {
            items: components["schemas"]["MasterAccount"][];
            next_page_token: string | null;
        };
        /** @description An exact amount: a decimal string in the asset's units. */
        Money: {
            currency: string;
            value: string;
        };
        MyCapabilities: {
            items: components["schemas"]["CapabilityItem"][];
            next_page_token: null;
            scope_ref: string;
        };
        Navigation: {
            areas: {
                /** @example withdrawals */
                area: string;
                permissions: {
                    description: string;
                    permission: components["schemas"]["Permission"];
                    scopes: {
                        /** @description False when every capability this permission needs is off at the scope. */
                        available: boolean;
                        disabled_capabilities: string[];
                        /** @enum {string} */
                        scope_propagation: "subtree" | "exact";
                        scope_ref: string;
                    }[];
                }[];
            }[];
            subject: {
                id: string;
                /** @enum {string} */
                kind: "user" | "service_account";
                tenant_ref: string;
            };
        };
        NetworkFeeRule: {
            /**
             * @description Decimal string in the rule's asset, e.g. "1.50".
             * @example 1.50
             */
            amount: string;
            asset: string;
            network: string;
        };
        OffRampSession: {
            account_ref: string;
            amount: components["schemas"]["Money"];
            approval_ref: string | null;
            asset: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            completed_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            failure_reason: string | null;
            fee_summary: components["schemas"]["FeeSummary"];
            fiat_amount: components["schemas"]["Money"] & (Record<string, never> | null);
            fiat_currency: string;
            id: string;
            pair_id: string;
            payout_method_id: string;
            payout_reference: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            payout_sent_at: string | null;
            policy_decision: components["schemas"]["PolicyDecision"] & unknown;
            price: string | null;
            /** @enum {string} */
            resource: "off-ramp-session";
            /**
             * @description requested → converting → payout_sent → completed; requested → cancelled; requested | converting → failed (hold released). When a policy rule requires approval: pending_approval → requested once approved, or → rejected | expired | cancelled (hold released).
             * @enum {string}
             */
            status: "pending_approval" | "requested" | "converting" | "payout_sent" | "completed" | "cancelled" | "rejected" | "expired" | "failed";
            subject_attribution: components["schemas"]["SubjectAttribution"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        OffRampSessionCreate: {
            /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            account_ref: string;
            amount: {
                currency: string;
                value: string;
            };
            asset: string;
            fiat_currency: string;
            payout_method_id: string;
        };
        OnRampPaymentInstructions: {
            bank_details: {
                [key: string]: string;
            };
            beneficiary_name: string;
            currency: string;
            rail: string;
            /** @description Must be quoted with the payment: it identifies the session. */
            reference: string;
        };
        OnRampSession: {
            account_ref: string;
            asset: string;
            asset_amount: components["schemas"]["Money"] & (Record<string, never> | null);
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            completed_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expires_at: string;
            failure_reason: string | null;
            fee_summary: components["schemas"]["FeeSummary"] & (Record<string, never> | null);
            fiat_amount: components["schemas"]["Money"] & (Record<string, never> | null);
            fiat_currency: string;
            id: string;
            pair_id: string;
            payment_instructions: components["schemas"]["OnRampPaymentInstructions"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            payment_received_at: string | null;
            price: string | null;
            /** @enum {string} */
            resource: "on-ramp-session";
            /**
             * @description requested → awaiting_payment → payment_received → converting → completed; awaiting_payment → expired | cancelled; requested → cancelled; → failed.
             * @enum {string}
             */
            status: "requested" | "awaiting_payment" | "payment_received" | "converting" | "completed" | "expired" | "cancelled" | "failed";
            subject_attribution: components["schemas"]["SubjectAttribution"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        OnRampSessionCreate: {
            /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            account_ref: string;
            asset: string;
            fiat_currency: string;
            payment_window_seconds?: number;
        };
        OperationsActivityExportList: {
            items: components["schemas"]["Export"][];
            next_page_token: string | null;
        };
        OperationsActivityExportRequest: {
            /**
             * @description CSV (RFC 4180, header row) or JSON Lines.
             * @default csv
             * @enum {string}
             */
            format: "csv" | "jsonl";
            /** Format: date-time */
            from: string;
            /** @example enterprises/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            /** Format: date-time */
            to: string;
        };
        PaymentMethod: {
            beneficiary_fields: {
                format: string;
                name: string;
                required: boolean;
            }[];
            /** @enum {string} */
            code: "sepa" | "swift" | "ach" | "fps";
            currencies: string[];
            directions: ("pay_in" | "pay_out")[];
            display_name: string;
            id: string;
            /** @enum {string} */
            rail_class: "fiat";
            /** @enum {string} */
            resource: "payment_method";
            /** @enum {string} */
            status: "active" | "suspended";
            typical_settlement: string;
        };
        PaymentMethodList: {
            items: components["schemas"]["PaymentMethod"][];
            next_page_token: string | null;
        };
        /** @description Beneficiary bank details; which fields apply depends on the rail (see the payment method's beneficiary_fields). */
        PayoutBeneficiary: {
            account_number?: string;
            /** @enum {string} */
            account_type?: "checking" | "savings";
            bic?: string;
            iban?: string;
            name: string;
            routing_number?: string;
            sort_code?: string;
        };
        PayoutMethod: {
            account_ref: string;
            beneficiary: components["schemas"]["PayoutBeneficiary"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            currency: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            id: string;
            label: string;
            payment_method_id: string;
            /** @enum {string} */
            rail: "sepa" | "swift" | "ach" | "fps";
            /** @enum {string} */
            resource: "payout_method";
            /** @enum {string} */
            status: "active" | "disabled";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        PayoutMethodCreate: {
            /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            account_ref: string;
            beneficiary: components["schemas"]["PayoutBeneficiary"];
            currency: string;
            label: string;
            /** @enum {string} */
            rail: "sepa" | "swift" | "ach" | "fps";
        };
        PayoutMethodList: {
            items: components["schemas"]["PayoutMethod"][];
            next_page_token: string | null;
        };
        /**
         * @description - `enterprises.read`: Read enterprises and their master accounts.
         *     - `enterprises.manage`: Update enterprise metadata; suspend, reactivate and close enterprises.
         *     - `master_accounts.read`: Read master accounts and their balances.
         *     - `clients.read`: Read clients and client accounts.
         *     - `clients.manage`: Create, update, suspend, reactivate and close clients and client accounts.
         *     - `balances.read`: Read balances of accounts.
         *     - `balance_monitors.read`: Read balance monitors of accounts.
         *     - `balance_monitors.manage`: Create, update, enable and disable balance monitors of accounts.
         *     - `users.read`: Read users and user invitations.
         *     - `users.manage`: Create, update, suspend, deactivate and reactivate users; manage invitations.
         *     - `users.act_for`: Exchange a service-account token for a token acting as a platform-managed user.
         *     - `service_accounts.read`: Read service accounts.
         *     - `service_accounts.manage`: Create, provision, revoke service accounts and rotate their secrets.
         *     - `roles.read`: Read roles and role assignments.
         *     - `roles.manage`: Create, update and retire roles; grant and revoke role assignments.
         *     - `identity_providers.read`: Read identity providers.
         *     - `identity_providers.manage`: Create and update identity providers.
         *     - `capabilities.read`: Read capability toggles.
         *     - `capabilities.manage`: Enable and disable capabilities of clients.
         *     - `policies.read`: Read policy rules and evaluate them.
         *     - `policies.manage`: Create, update, activate and retire policy rules.
         *     - `approvals.read`: Read approvals and eligible approvers.
         *     - `approvals.decide`: Approve or reject approvals (humans only).
         *     - `transfers.read`: Read internal transfers.
         *     - `transfers.create`: Create and cancel internal transfers.
         *     - `withdrawals.read`: Read withdrawals and withdrawal destinations.
         *     - `withdrawals.create`: Create and cancel withdrawals.
         *     - `withdrawal_destinations.manage`: Create, enable, disable and retire withdrawal destinations.
         *     - `conversions.read`: Read conversion pairs, prices and conversions.
         *     - `conversions.create`: Preview, create and cancel conversions.
         *     - `ramps.read`: Read on-ramp and off-ramp sessions.
         *     - `ramps.create`: Create and cancel on-ramp and off-ramp sessions.
         *     - `funding.read`: Read funding endpoints, deposit instructions and deposits.
         *     - `fees.read`: Read commercial agreements and preview fees.
         *     - `fees.manage`: Create and supersede commercial agreements.
         *     - `catalogue.read`: Read assets, networks, payment and payout methods.
         *     - `webhooks.read`: Read webhook subscriptions and deliveries.
         *     - `webhooks.manage`: Create, update, enable, disable, delete and test webhook subscriptions; redeliver.
         *     - `events.read`: Read the event log and event types.
         *     - `events.replay`: Replay events to subscriptions.
         *     - `exports.read`: Read and download exports.
         *     - `exports.create`: Create exports and export schedules.
         *     - `audit.read`: Read and search user action audit entries; export them.
         *     - `api_keys.read`: Read API keys of clients.
         *     - `api_keys.manage`: Create, update, revoke and reactivate API keys.
         *     - `action_tokens.create`: Issue action tokens for governed actions.
         *     - `sandbox.control`: Drive sandbox simulators (sandbox mode only).
         *     - `me.read`: Read the caller's own capabilities and navigation (every platform role holds it).
         *     - `connectors.read`: Read provider connectors.
         *     - `connectors.manage`: Register, disable and enable provider connectors; rotate their signing secrets.
         *     - `kyc.decide`: Record KYC decisions for clients (sets the client's kyc_status).
         *     - `kyc.read`: Read clients' KYC decisions (reasons and the verification provider's references).
         * @enum {string}
         */
        Permission: "enterprises.read" | "enterprises.manage" | "master_accounts.read" | "clients.read" | "clients.manage" | "balances.read" | "balance_monitors.read" | "balance_monitors.manage" | "users.read" | "users.manage" | "users.act_for" | "service_accounts.read" | "service_accounts.manage" | "roles.read" | "roles.manage" | "identity_providers.read" | "identity_providers.manage" | "capabilities.read" | "capabilities.manage" | "policies.read" | "policies.manage" | "approvals.read" | "approvals.decide" | "transfers.read" | "transfers.create" | "withdrawals.read" | "withdrawals.create" | "withdrawal_destinations.manage" | "conversions.read" | "conversions.create" | "ramps.read" | "ramps.create" | "funding.read" | "fees.read" | "fees.manage" | "catalogue.read" | "webhooks.read" | "webhooks.manage" | "events.read" | "events.replay" | "exports.read" | "exports.create" | "audit.read" | "api_keys.read" | "api_keys.manage" | "action_tokens.create" | "sandbox.control" | "me.read" | "connectors.read" | "connectors.manage" | "kyc.decide" | "kyc.read";
        PolicyChange: {
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            applied_at: string | null;
            approval_ref: string;
            approved_by: {
                id: string;
                kind: string;
                tenant_ref: string;
            }[] | null;
            /** @description The proposed change: the rule patch, the settings patch, or `{}` for a transition. */
            change: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            failure_reason: string | null;
            id: string;
            initiated_by: components["schemas"]["SubjectAttribution"];
            /** @enum {string} */
            kind: "policy_rule.activate" | "policy_rule.update" | "policy_rule.retire" | "governance_settings.update" | "withdrawal_destination.create";
            /** @enum {string} */
            resource: "policy_change";
            /**
             * @description pending_approval → applied | rejected | expired | cancelled | failed (all terminal). Until applied, nothing changes.
             * @enum {string}
             */
            status: "pending_approval" | "applied" | "rejected" | "expired" | "cancelled" | "failed";
            /** @description What the change applies to: `policy-rules/<id>`, `governance-settings/<enterprise id>` or `withdrawal-destinations/<id>`. */
            target_ref: string;
            /** @description The target's version the change was proposed against; if the target changed meanwhile, the approved change fails (`target_changed`). */
            target_version: number;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        PolicyChangeList: {
            items: components["schemas"]["PolicyChange"][];
            next_page_token: string | null;
        };
        /** @description The policy decision and trace the transfer was accepted under. */
        PolicyDecision: {
            /** @enum {string} */
            effect: "allow" | "deny" | "require_approval";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            evaluated_at: string;
            reason_code: string;
            requirement: components["schemas"]["ApprovalRequirement"];
            rule_name: string | null;
            /** @description The deciding rule; null when none matched (allow). */
            rule_ref: string | null;
            trace: components["schemas"]["PolicyRuleTrace"][];
        } | null;
        PolicyEvaluationRequest: {
            /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            account_ref: string;
            /** @enum {string} */
            action_family: "withdrawal" | "internal_transfer" | "conversion" | "off_ramp";
            amount: {
                currency: string;
                value: string;
            };
            destination_ref?: string | null;
            /**
             * @description Default: the caller's kind.
             * @enum {string}
             */
            initiator_kind?: "user" | "service_account";
        };
        PolicyRule: {
            /** @enum {string} */
            action_family: "withdrawal" | "internal_transfer" | "conversion" | "off_ramp";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            activated_at: string | null;
            conditions: components["schemas"]["PolicyRuleConditions"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            description: string;
            effect: components["schemas"]["PolicyRuleEffect"];
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            id: string;
            name: string;
            /** @description Lower first; the first matching active rule decides. */
            order: number;
            /** @enum {string} */
            resource: "policy_rule";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            retired_at: string | null;
            /** @description `enterprises/<id>` or `clients/<id>`: the rule applies to operations on accounts in this subtree. */
            scope_ref: string;
            /**
             * @description draft → active → retired; draft → retired.
             * @enum {string}
             */
            status: "draft" | "active" | "retired";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        /** @description Every present condition must hold; no conditions matches every operation of the family. */
        PolicyRuleConditions: {
            /** @description Matches when the amount is at least this, in this asset (another asset does not match). */
            amount_at_least?: {
                currency: string;
                value: string;
            };
            /** @description Matches when the asset is one of these. */
            assets?: string[];
            /** @description Matches when the destination is one of these refs (`withdrawal-destinations/<id>`; for internal transfers the target account ref). */
            destinations?: string[];
            /** @description Matches when the initiator is of one of these kinds. */
            initiator_kinds?: ("user" | "service_account")[];
            /** @description Matches when the amounts of this family from the same account in the rolling window, this one included, reach `total_at_least` (counted in its asset; released operations do not count). */
            velocity?: {
                total_at_least: {
                    currency: string;
                    value: string;
                };
                window_seconds: number;
            };
        };
        PolicyRuleCreate: {
            /** @enum {string} */
            action_family: "withdrawal" | "internal_transfer" | "conversion" | "off_ramp";
            conditions?: components["schemas"]["PolicyRuleConditions"];
            /** @default  */
            description: string;
            effect: components["schemas"]["PolicyRuleEffect"];
            name: string;
            order: number;
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
        };
        PolicyRuleEffect: {
            /** @enum {string} */
            type: "allow";
        } | {
            /** @enum {string} */
            type: "deny";
        } | {
            /** @default 86400 */
            approval_ttl_seconds: number;
            approver_role_ref: string;
            /** @default true */
            initiator_cannot_approve: boolean;
            required_human_approvals: number;
            /** @enum {string} */
            type: "require_approval";
        };
        PolicyRuleList: {
            items: components["schemas"]["PolicyRule"][];
            next_page_token: string | null;
        };
        PolicyRuleTrace: {
            conditions: {
                condition: string;
                detail: string;
                matched: boolean;
            }[];
            matched: boolean;
            name: string;
            order: number;
            rule_ref: string;
            rule_version: number;
            scope_ref: string;
        };
        PolicyRuleUpdate: {
            conditions?: components["schemas"]["PolicyRuleConditions"];
            description?: string;
            effect?: components["schemas"]["PolicyRuleEffect"];
            name?: string;
            order?: number;
        };
        /** @description RFC 9457 problem details; `code` is the error name. */
        Problem: {
            /** @enum {string} */
            code: "EdgeBadRequest" | "Unauthorized" | "EdgeForbidden" | "ForbiddenCapabilityScope" | "EdgeNotFound" | "EdgeMethodNotAllowed" | "EdgeConflict" | "EdgeGone" | "EdgePreconditionFailed" | "EdgePayloadTooLarge" | "EdgeUnsupportedMediaType" | "EdgeRequestTimeout" | "EdgeRequestHeaderFieldsTooLarge" | "EdgeUnprocessable" | "EdgeActionTokenRequired" | "EdgeRateLimited" | "EdgeInternal" | "EdgeBadGateway" | "TemporarilyUnavailable";
            detail: string;
            errors: {
                detail: string;
                pointer: string;
            }[];
            /**
             * @description A name narrower than `code`, for clients to branch on.
             * @enum {string}
             */
            reason?: "account_closed" | "account_suspended" | "accounts_not_empty" | "action_token_invalid" | "action_token_required" | "agreement_not_in_force" | "amount_out_of_range" | "amount_too_small" | "api_key_active" | "api_key_revoked" | "approval_approved" | "approval_cancelled" | "approval_decided" | "approval_expired" | "approval_rejected" | "balances_not_zero" | "batch_conflict" | "batch_requires_approval" | "business_key_reused" | "client_account_active" | "client_account_closed" | "client_account_suspended" | "client_active" | "client_closed" | "client_suspended" | "connector_disabled" | "connector_name_taken" | "conversion_cancelled" | "conversion_executed" | "conversion_executing" | "conversion_expired" | "conversion_failed" | "conversion_pending_approval" | "conversion_rejected" | "default_client_account" | "deposits_in_flight" | "destination_active" | "destination_cooling_off" | "destination_disabled" | "destination_pending_approval" | "destination_rejected" | "destination_retired" | "email_taken" | "enterprise_closed" | "enterprise_not_suspended" | "enterprise_suspended" | "export_expired" | "export_failed" | "export_queued" | "export_running" | "external_id_taken" | "federation_taken" | "hold_already_resolved" | "human_approval_required" | "idempotency_key_in_use" | "idempotency_key_reused" | "initiator_cannot_approve" | "insufficient_funds" | "internal_transfer_cancelled" | "internal_transfer_executed" | "internal_transfer_executing" | "internal_transfer_expired" | "internal_transfer_failed" | "internal_transfer_pending_approval" | "internal_transfer_rejected" | "invitation_pending" | "issuer_taken" | "ledger_key_reused" | "not_an_eligible_approver" | "not_initiator" | "off_ramp_cancelled" | "off_ramp_completed" | "off_ramp_converting" | "off_ramp_expired" | "off_ramp_failed" | "off_ramp_payout_sent" | "off_ramp_pending_approval" | "off_ramp_rejected" | "off_ramp_requested" | "on_ramp_awaiting_payment" | "on_ramp_cancelled" | "on_ramp_completed" | "on_ramp_converting" | "on_ramp_expired" | "on_ramp_failed" | "on_ramp_payment_received" | "on_ramp_requested" | "overdraft_in_use" | "pair_disabled" | "pair_not_supported" | "payout_method_disabled" | "platform_managed_role" | "policy_denied" | "policy_rule_active" | "policy_rule_draft" | "policy_rule_retired" | "price_stale" | "privilege_escalation" | "provider_failed" | "provider_not_connected" | "provider_not_routed" | "provision_mismatch" | "quote_expired" | "quote_mismatch" | "quote_used" | "reference_reused" | "role_assignment_exists" | "role_assignment_revoked" | "role_name_taken" | "role_retired" | "schedule_deleted" | "service_account_revoked" | "subscription_deleted" | "subscription_disabled" | "unknown_api_version" | "unknown_client" | "unknown_deposit_target" | "unknown_payout" | "user_active" | "user_deactivated" | "user_invitation_accepted" | "user_invitation_cancelled" | "user_invitation_expired" | "user_suspended" | "withdrawal_cancelled" | "withdrawal_executed" | "withdrawal_executing" | "withdrawal_expired" | "withdrawal_failed" | "withdrawal_pending_approval" | "withdrawal_rejected" | "withdrawal_submitted";
            request_id: string;
            status: number;
            title: string;
            /** Format: uri */
            type: string;
        } & {
            [key: string]: unknown;
        };
        Readiness: {
            checks: {
                /** @enum {string} */
                postgres: "ok";
                /** @enum {string} */
                temporal: "ok";
            };
            /** @enum {string} */
            status: "ready";
        };
        Role: {
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            description: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            id: string;
            name: string;
            permissions: components["schemas"]["Permission"][];
            platform_managed: boolean;
            /** @enum {string} */
            resource: "role";
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            /** @enum {string} */
            status: "active" | "retired";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        RoleAssignment: {
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            id: string;
            /** @example service-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            principal_ref: string;
            /** @enum {string} */
            resource: "role_assignment";
            /** @example roles/0193a1c2-7f00-7abc-8def-0123456789ab */
            role_ref: string;
            /** @enum {string} */
            scope_anchor_kind: "explicit";
            /**
             * @description `subtree`: the scope and everything below it; `exact`: the scope only.
             * @enum {string}
             */
            scope_propagation: "subtree" | "exact";
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            /** @enum {string} */
            status: "active" | "revoked";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        RoleAssignmentCreate: {
            /** @example service-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            principal_ref: string;
            /** @example roles/0193a1c2-7f00-7abc-8def-0123456789ab */
            role_ref: string;
            /**
             * @default explicit
             * @enum {string}
             */
            scope_anchor_kind: "explicit";
            /**
             * @description `subtree`: the scope and everything below it; `exact`: the scope only.
             * @default subtree
             * @enum {string}
             */
            scope_propagation: "subtree" | "exact";
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
        };
        RoleAssignmentError: {
            /**
             * @description Error name the same grant gets from POST /role-assignments.
             * @example EdgeForbidden
             */
            code: string;
            detail: string;
            /** @description Position of the grant in the request `roles` array. */
            index: number;
            reason: string | null;
            role_ref: string;
            scope_ref: string;
            status: number;
        };
        RoleAssignmentList: {
            items: components["schemas"]["RoleAssignment"][];
            next_page_token: string | null;
        };
        RoleCreate: {
            /** @default  */
            description: string;
            name: string;
            /** @description Names from the Permission enum; an unknown one is 422 with a pointer to it. You can only include permissions you hold at the scope. */
            permissions: components["schemas"]["Permission"][];
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
        };
        RoleList: {
            items: components["schemas"]["Role"][];
            next_page_token: string | null;
        };
        RoleUpdate: {
            description?: string;
            /** @description Names from the Permission enum; an unknown one is 422 with a pointer to it. You can only include permissions you hold at the scope. */
            permissions?: components["schemas"]["Permission"][];
        };
        SandboxClientApiAccess: {
            api_access: boolean;
        };
        SandboxClientKyc: {
            /** @enum {string} */
            kyc_status: "pending" | "verified" | "rejected";
        };
        SandboxDepositRequest: {
            address?: string;
            amount: {
                currency: string;
                value: string;
            };
            deposit_instruction_id?: string;
            memo?: string | null;
        };
        SandboxOnRampPayment: {
            amount: {
                currency: string;
                value: string;
            };
        };
        SandboxRailFailure: {
            address: string;
            count: number;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            failure_reason: string;
            id: string;
            /** @enum {string} */
            resource: "sandbox_rail_failure";
            /** @enum {string} */
            stage: "submission" | "confirmation";
        };
        SandboxRailFailureCreate: {
            address: string;
            /** @default 1 */
            count: number;
            /** @default rail_failure */
            failure_reason: string;
            /**
             * @default confirmation
             * @enum {string}
             */
            stage: "submission" | "confirmation";
        };
        ServiceAccount: {
            /**
             * @description The API version its requests are answered at unless they send `Counterfoil-Version` (docs/api-versions.md): the latest at its creation; accounts from before versions existed answer at the first.
             * @example 2026-11-26
             */
            api_version: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            current_secret_expires_at: string;
            description: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            external_id: string;
            id: string;
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            parent_ref: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            previous_secret_expires_at: string | null;
            /** @example service-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            principal_ref: string;
            /** @enum {string} */
            resource: "service_account";
            /** @enum {string} */
            status: "active" | "revoked";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        ServiceAccountCreate: {
            /** @default  */
            description: string;
            external_id?: string;
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            parent_ref: string;
            /** @default [] */
            roles: {
                /** @example roles/0193a1c2-7f00-7abc-8def-0123456789ab */
                role_ref: string;
                /**
                 * @description `subtree`: the scope and everything below it; `exact`: the scope only.
                 * @default subtree
                 * @enum {string}
                 */
                scope_propagation: "subtree" | "exact";
                /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
                scope_ref: string;
            }[];
        };
        ServiceAccountCreation: {
            client_id: string;
            /** @description Returned once; only its hash is kept. */
            client_secret: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            client_secret_expires_at: string;
            /** @example service-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            principal_ref: string;
            role_assignment_errors: components["schemas"]["RoleAssignmentError"][];
            role_assignments: components["schemas"]["RoleAssignment"][];
            service_account: components["schemas"]["ServiceAccount"];
        };
        ServiceAccountList: {
            items: components["schemas"]["ServiceAccount"][];
            next_page_token: string | null;
        };
        ServiceAccountProvision: {
            /** @default  */
            description: string;
            external_id: string;
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            parent_ref: string;
            /** @default [] */
            roles: {
                /** @example roles/0193a1c2-7f00-7abc-8def-0123456789ab */
                role_ref: string;
                /**
                 * @description `subtree`: the scope and everything below it; `exact`: the scope only.
                 * @default subtree
                 * @enum {string}
                 */
                scope_propagation: "subtree" | "exact";
                /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
                scope_ref: string;
            }[];
        };
        ServiceAccountProvisioning: {
            client_id: string;
            /** @description Null when the account already existed: its secret is never shown again. */
            client_secret: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            client_secret_expires_at: string;
            /** @example service-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            principal_ref: string;
            role_assignment_errors: components["schemas"]["RoleAssignmentError"][];
            role_assignments: components["schemas"]["RoleAssignment"][];
            service_account: components["schemas"]["ServiceAccount"];
        };
        ServiceAccountSecretRotation: {
            client_id: string;
            /** @description The new secret, returned only in this answer. */
            client_secret: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            client_secret_expires_at: string;
            /**
             * Format: date-time
             * @description Until when the secret used before this rotation keeps working; null when it stopped at once.
             * @example 2026-11-21T10:00:00.000Z
             */
            previous_secret_expires_at: string | null;
            service_account: components["schemas"]["ServiceAccount"];
        };
        ServiceAccountSecretRotationRequest: {
            /** @description How long the previous secret keeps working (default 86400). */
            overlap_seconds?: number;
        };
        ServiceFeeRule: {
            /** @description Asset code; null applies to any asset (then only rate_bps may be set). */
            asset: string | null;
            /**
             * @description Decimal string in the rule's asset, e.g. "1.50".
             * @example 1.50
             */
            fixed_fee: string | null;
            /**
             * @description Decimal string in the rule's asset, e.g. "1.50".
             * @example 1.50
             */
            max_fee: string | null;
            /**
             * @description Decimal string in the rule's asset, e.g. "1.50".
             * @example 1.50
             */
            min_fee: string | null;
            /** @enum {string} */
            operation_type: "withdrawal" | "internal_transfer" | "conversion" | "on_ramp" | "off_ramp";
            /** @description Crypto network or bank rail code; null applies to any rail. */
            rail: string | null;
            /** @description Basis points of the principal, rounded up to the asset's minor unit. */
            rate_bps: number | null;
        };
        SignInProvider: {
            /** @description The console's client id at the provider (the provider's `audience`): a public client using authorization code + PKCE. */
            client_id: string;
            display_name: string;
            id: string;
            /** @description OpenID Connect issuer: its discovery document is at `<issuer>/.well-known/openid-configuration`. */
            issuer: string;
            /** @example openid email profile */
            scope: string;
        };
        SignInProviderList: {
            items: components["schemas"]["SignInProvider"][];
        };
        Statement: {
            account_ref: string;
            asset: string;
            closing_balance: components["schemas"]["BalanceItem"] & unknown;
            entries: components["schemas"]["StatementEntry"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            from: string;
            next_page_token: string | null;
            opening_balance: components["schemas"]["BalanceItem"] & unknown;
            /** @enum {string} */
            resource: "statement";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            to: string;
        };
        StatementEntry: {
            /** @description Signed: positive credits the account, negative debits it. */
            amount: string;
            /** @description The account's `total` right after this entry. */
            balance_after: string;
            /**
             * Format: date-time
             * @description Instant of the ledger transaction, to the microsecond (usable as `as_of`).
             * @example 2026-11-21T10:00:00.000Z
             */
            booked_at: string;
            /** @description The ledger transaction's kind (deposit, withdrawal, internal_transfer, …). */
            kind: string;
            transaction_id: string;
        };
        SubjectAttribution: {
            actor: {
                id: string;
                kind: string;
                tenant_ref: string;
            } | null;
            approved_by: {
                id: string;
                kind: string;
                tenant_ref: string;
            }[] | null;
            authenticated_principal: {
                id: string;
                kind: string;
                tenant_ref: string;
            };
            enterprise_binding: {
                /** @enum {string} */
                tenant_type: "enterprise";
                topology_ref: string;
            };
            federation: {
                issuer: string;
                subject: string;
            } | null;
            identity_source: string;
            initiated_by: {
                id: string;
                kind: string;
                tenant_ref: string;
            } | null;
            subject: {
                id: string;
                kind: string;
                tenant_ref: string;
            };
        };
        TokenRequest: {
            actor_token?: string;
            actor_token_type?: string;
            audience?: string;
            client_id?: string;
            client_secret?: string;
            grant_type?: string;
            requested_token_type?: string;
            resource?: string;
            scope?: string;
            subject_token?: string;
            subject_token_type?: string;
        } & {
            [key: string]: unknown;
        };
        TokenResponse: {
            access_token: string;
            expires_in: number;
            issued_token_type: string;
            scope?: string;
            /** @enum {string} */
            token_type: "Bearer";
        };
        TokenRevocation: {
            client_id?: string;
            token: string;
            token_type_hint?: string;
        };
        User: {
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            display_name: string;
            email: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            federation: {
                issuer: string;
                subject: string;
            } | null;
            id: string;
            /** @enum {string} */
            identity_source: "platform-managed" | "federated";
            /** @enum {string} */
            resource: "human_actor";
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            /** @enum {string} */
            status: "active" | "suspended" | "deactivated";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
        };
        UserActionAuditEntry: {
            /** @description operationId of the route called, e.g. `rotateServiceAccountSecret`. */
            action: string;
            client_ip: string;
            error_code: string | null;
            id: string;
            idempotency_key: string | null;
            method: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            occurred_at: string;
            /**
             * @description `succeeded` (2xx/3xx), `refused` (4xx, nothing changed), `failed` (5xx).
             * @enum {string}
             */
            outcome: "succeeded" | "refused" | "failed";
            path: string;
            request_id: string;
            /** @enum {string} */
            resource: "user_action_audit_entry";
            resource_ref: string | null;
            status_code: number;
            subject_attribution: {
                actor: {
                    id: string;
                    /** @enum {string} */
                    kind: "user" | "service_account";
                    tenant_ref: string;
                } | null;
                authenticated_principal: {
                    id: string;
                    /** @enum {string} */
                    kind: "user" | "service_account";
                    tenant_ref: string;
                };
                enterprise_binding: {
                    /** @enum {string} */
                    tenant_type: "enterprise";
                    topology_ref: string;
                };
                federation: {
                    issuer: string;
                    subject: string;
                } | null;
                identity_source: string;
                subject: {
                    id: string;
                    /** @enum {string} */
                    kind: "user" | "service_account";
                    tenant_ref: string;
                };
            };
            user_agent: string | null;
        };
        UserActionAuditEntryList: {
            items: components["schemas"]["UserActionAuditEntry"][];
            next_page_token: string | null;
        };
        UserActionAuditExportList: {
            items: components["schemas"]["Export"][];
            next_page_token: string | null;
        };
        UserActionAuditExportRequest: {
            /**
             * @description CSV (RFC 4180, header row) or JSON Lines.
             * @default csv
             * @enum {string}
             */
            format: "csv" | "jsonl";
            /** Format: date-time */
            from: string;
            /** @example enterprises/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            /** Format: date-time */
            to: string;
        };
        UserActionAuditSearch: {
            /** @description operationId, e.g. `rotateServiceAccountSecret`. */
            action?: string;
            /**
             * Format: date-time
             * @description Inclusive lower bound of `occurred_at`.
             */
            occurred_after?: string;
            /**
             * Format: date-time
             * @description Exclusive upper bound of `occurred_at`.
             */
            occurred_before?: string;
            /** @enum {string} */
            outcome?: "succeeded" | "refused" | "failed";
            /**
             * @description Items per page: default 50; values above 200 are coerced to 200.
             * @example 50
             */
            page_size?: number;
            /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
            page_token?: string;
            resource_ref?: string;
            subject_ref?: string;
        };
        UserCreate: {
            display_name: string;
            /** Format: email */
            email: string;
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
        };
        UserInvitation: {
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            display_name: string;
            email: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            expires_at: string;
            id: string;
            invited_by: {
                id: string;
                /** @enum {string} */
                kind: "user" | "service_account";
                tenant_ref: string;
            };
            /** @enum {string} */
            resource: "user_invitation";
            roles: components["schemas"]["InvitedRole"][];
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            /** @enum {string} */
            status: "pending" | "accepted" | "cancelled" | "expired";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
            /**
             * @description The user created by accepting the invitation.
             * @example users/0193a1c2-7f00-7abc-8def-0123456789ab
             */
            user_ref: string | null;
        };
        UserInvitationAccept: {
            invitation_id: string;
            token: string;
        };
        UserInvitationAcceptance: {
            invitation: components["schemas"]["UserInvitation"];
            role_assignment_errors: components["schemas"]["RoleAssignmentError"][];
            role_assignments: components["schemas"]["RoleAssignment"][];
            user: components["schemas"]["User"];
        };
        UserInvitationCancel: {
            invitation_id: string;
        };
        UserInvitationCreate: {
            display_name: string;
            /** Format: email */
            email: string;
            /** @default 604800 */
            expires_in_seconds: number;
            /** @default [] */
            roles: {
                /** @example roles/0193a1c2-7f00-7abc-8def-0123456789ab */
                role_ref: string;
                /**
                 * @description `subtree`: the scope and everything below it; `exact`: the scope only.
                 * @default subtree
                 * @enum {string}
                 */
                scope_propagation: "subtree" | "exact";
                /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
                scope_ref: string;
            }[];
            /** @example clients/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
        };
        UserInvitationCreated: components["schemas"]["UserInvitation"] & {
            /** @description Acceptance token, returned only here; pass it to POST /user-invitations/accept. */
            token: string;
        };
        UserInvitationList: {
            items: components["schemas"]["UserInvitation"][];
            next_page_token: string | null;
        };
        UserList: {
            items: components["schemas"]["User"][];
            next_page_token: string | null;
        };
        UserUpdate: {
            display_name: string;
        };
        WebhookBacklog: {
            /**
             * @description `direct`: each event is sent as it is committed; `queued`: the receiver failed, and deliveries wait in order behind the backlog while it is retried as a whole.
             * @enum {string}
             */
            lane: "direct" | "queued";
            /**
             * Format: date-time
             * @description When the receiver is next tried.
             * @example 2026-11-21T10:00:00.000Z
             */
            next_attempt_at: string | null;
            /**
             * Format: date-time
             * @description When the oldest waiting delivery was created.
             * @example 2026-11-21T10:00:00.000Z
             */
            oldest_pending_at: string | null;
            /** @description Deliveries waiting (not yet succeeded or failed for good). */
            pending: number;
        };
        WebhookDelivery: {
            attempt_count: number;
            /** @description Every attempt, oldest first (on GET of one delivery). */
            attempts?: components["schemas"]["WebhookDeliveryAttempt"][];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /** @example events/0193a1c2-7f00-7abc-8def-0123456789ab */
            event_ref: string | null;
            event_type: string;
            failure_reason: string | null;
            id: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            next_attempt_at: string | null;
            /** @enum {string} */
            origin: "event" | "replay" | "redelivery" | "test";
            /** @enum {string} */
            resource: "webhook_delivery";
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            /** @example webhook-subscriptions/0193a1c2-7f00-7abc-8def-0123456789ab */
            subscription_ref: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
            /** @description The `webhook-id` header: the same on every attempt and every redelivery. */
            webhook_id: string;
        };
        WebhookDeliveryAttempt: {
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            attempted_at: string;
            error: string | null;
            latency_ms: number;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            next_attempt_at: string | null;
            number: number;
            status_code: number | null;
        };
        WebhookDeliveryList: {
            items: components["schemas"]["WebhookDelivery"][];
            next_page_token: string | null;
        };
        WebhookDeliveryStartedList: {
            items: components["schemas"]["WebhookDelivery"][];
            next_page_token: string | null;
        };
        WebhookSecretRotation: {
            overlap_seconds?: number;
        };
        WebhookSubscription: {
            /**
             * @description Event payloads are delivered rendered at this API version (docs/api-versions.md): the version of the request that created the subscription.
             * @example 2026-11-26
             */
            api_version: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            description: string;
            /**
             * @description Why the subscription is disabled: a caller, a 410 from the receiver, or failures for the whole failure window.
             * @enum {string|null}
             */
            disabled_reason: "disabled_by_caller" | "receiver_gone" | "repeated_failures" | null;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            event_types: string[];
            id: string;
            /**
             * Format: date-time
             * @description While set, deliveries are signed with the previous secret too.
             * @example 2026-11-21T10:00:00.000Z
             */
            previous_secret_expires_at: string | null;
            /** @enum {string} */
            resource: "webhook_subscription";
            scope_ref: string;
            /** @enum {string} */
            status: "active" | "disabled" | "deleted";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
            /** Format: uri */
            url: string;
        };
        WebhookSubscriptionCreate: {
            description?: string;
            /**
             * @description Event types (`<area>.<subject>.<state>.v<n>`, listed at GET /events/types), `*` for every type, or `<prefix>.*` for every type under a prefix (`operations.*`, `operations.withdrawal.*`), including types added later.
             * @example [
             *       "operations.*"
             *     ]
             */
            event_types: string[];
            /** @example enterprises/0193a1c2-7f00-7abc-8def-0123456789ab */
            scope_ref: string;
            url: string;
        };
        WebhookSubscriptionList: {
            items: components["schemas"]["WebhookSubscription"][];
            next_page_token: string | null;
        };
        WebhookSubscriptionUpdate: {
            description?: string;
            /**
             * @description Event types (`<area>.<subject>.<state>.v<n>`, listed at GET /events/types), `*` for every type, or `<prefix>.*` for every type under a prefix (`operations.*`, `operations.withdrawal.*`), including types added later.
             * @example [
             *       "operations.*"
             *     ]
             */
            event_types?: string[];
            url?: string;
        };
        WebhookSubscriptionWithBacklog: components["schemas"]["WebhookSubscription"] & {
            backlog: components["schemas"]["WebhookBacklog"];
        };
        WebhookSubscriptionWithSecret: components["schemas"]["WebhookSubscription"] & {
            /** @description The `whsec_` signing secret (Standard Webhooks). Shown only in this response. */
            secret: string;
        };
        WithdrawalCreate: {
            /** @example client-accounts/0193a1c2-7f00-7abc-8def-0123456789ab */
            account_ref: string;
            amount: {
                currency: string;
                value: string;
            };
            rail: string;
            withdrawal_destination_id: string;
        };
        WithdrawalCryptoRouting: {
            asset: string;
            destination: {
                address: string;
                memo: string | null;
            };
            label: string;
            network: string;
        };
        WithdrawalDestination: {
            /** @description The approval it waits (or waited) for; null when none was required. */
            approval_ref: string | null;
            asset: string;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            crypto_routing: components["schemas"]["WithdrawalCryptoRouting"];
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            fiat_routing: null;
            id: string;
            label: string;
            /** @enum {string} */
            rail_class: "crypto";
            /** @enum {string} */
            resource: "withdrawal_destination";
            /** @description Accounts at or below this scope may withdraw to it. */
            scope_ref: string;
            /**
             * @description pending_approval → active | rejected (when the enterprise puts new destinations under approval); active ↔ disabled; active | disabled → retired (terminal).
             * @enum {string}
             */
            status: "pending_approval" | "active" | "disabled" | "retired" | "rejected";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description Withdrawals may use it from this instant (the end of its cooling-off period); null: no cooling-off, or still pending approval.
             * @example 2026-11-21T10:00:00.000Z
             */
            usable_from: string | null;
        };
        WithdrawalDestinationCreate: {
            crypto_routing: {
                asset: string;
                destination: {
                    address: string;
                    /** @default null */
                    memo: string | null;
                };
                label: string;
                network: string;
            };
            /** @enum {string} */
            rail_class: "crypto";
            scope_ref: string;
        };
        WithdrawalDestinationList: {
            items: components["schemas"]["WithdrawalDestination"][];
            next_page_token: string | null;
        };
        WithdrawalList: {
            items: components["schemas"]["WithdrawalRecord"][];
            next_page_token: string | null;
        };
        WithdrawalRecord: {
            /** @description The debited account. */
            account_ref: string;
            approval_ref: string | null;
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            created_at: string;
            /**
             * @description Strong entity tag; send it back in If-Match.
             * @example "pD1l5bC3q8TzHkR2mXyA"
             */
            etag: string;
            failure_reason: string | null;
            /** @enum {string} */
            family: "withdrawal";
            family_params: Record<string, never>;
            fee_summary: components["schemas"]["FeeSummary"];
            fill_rate: null;
            id: string;
            policy_decision: components["schemas"]["PolicyDecision"];
            principal_amount: components["schemas"]["Money"];
            /** @description The crypto network the withdrawal travels on. */
            rail: string;
            /** @description The rail's reference once it accepted the submission. */
            rail_reference: string | null;
            /**
             * @description The resource discriminator; from API version 2026-11-26 (absent at 2026-11-21).
             * @enum {string}
             */
            resource: "transaction";
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            settled_at: string | null;
            /**
             * @description pending_approval → executing → executed; pending_approval → rejected | expired | cancelled; executing → cancelled (before the rail accepted) | failed. See docs/governed-money.md.
             * @enum {string}
             */
            status: "pending_approval" | "executing" | "executed" | "rejected" | "expired" | "cancelled" | "failed";
            subject_attribution: components["schemas"]["SubjectAttribution"];
            /**
             * Format: date-time
             * @example 2026-11-21T10:00:00.000Z
             */
            updated_at: string;
            withdrawal_destination_id: string;
        };
        /** @description Single-use action token (POST /action-tokens). */
        XActionToken: string;
    };
    responses: never;
    parameters: {
        /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
        CounterfoilVersion: components["schemas"]["CounterfoilVersion"];
        /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
        IdempotencyKey: components["schemas"]["IdempotencyKey"];
        /** @description ETag of the version being changed. */
        IfMatch: components["schemas"]["IfMatch"];
        /** @description Single-use action token (POST /action-tokens). */
        XActionToken: components["schemas"]["XActionToken"];
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createActionToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActionTokenCreate"];
            };
        };
        responses: {
            /** @description The action token (the token itself only in this answer). */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionToken"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Only keys of this client. */
                client_ref?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                status?: "active" | "revoked";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of API keys. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyCreate"];
            };
        };
        responses: {
            /** @description The key with its secrets, shown once. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedApiKey"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden | ForbiddenCapabilityScope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                api_key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API key (without secrets). */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                api_key_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyUpdate"];
            };
        };
        responses: {
            /** @description The API key. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden | ForbiddenCapabilityScope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reactivateApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                api_key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key with its new secrets, shown once. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedApiKey"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden | ForbiddenCapabilityScope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                api_key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API key. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listApprovals: {
        parameters: {
            query?: {
                action_family?: "withdrawal" | "internal_transfer" | "conversion" | "off_ramp" | "policy_change" | "withdrawal_destination";
                /** @description `true`: only what waits for the caller's decision — pending and unexpired, the caller an eligible approver (the approving role and `approvals.decide` at the governed scope), not the initiator a rule bars, no vote cast yet. Empty for a service account: only people decide. */
                decidable?: "true" | "false";
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                /** @description Approvals of operations at or below this scope (enterprise, client or account). */
                scope_ref?: string;
                status?: "pending" | "approved" | "rejected" | "expired" | "cancelled";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of approvals. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApproval: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                approval_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approval. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Approval"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    approveApproval: {
        parameters: {
            query?: never;
            header: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Single-use action token (POST /action-tokens). */
                "X-Action-Token": components["parameters"]["XActionToken"];
            };
            path: {
                approval_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approval after the decision. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Approval"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeActionTokenRequired */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelApproval: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                approval_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled approval. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Approval"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEligibleApprovers: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                approval_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The eligible approvers. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EligibleApproverList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rejectApproval: {
        parameters: {
            query?: never;
            header: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Single-use action token (POST /action-tokens). */
                "X-Action-Token": components["parameters"]["XActionToken"];
            };
            path: {
                approval_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approval after the decision. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Approval"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeActionTokenRequired */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    decideApprovals: {
        parameters: {
            query?: never;
            header: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Single-use action token (POST /action-tokens). */
                "X-Action-Token": components["parameters"]["XActionToken"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApprovalDecisionBatchRequest"];
            };
        };
        responses: {
            /** @description A result per approval, in the order given. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalDecisionBatch"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeActionTokenRequired */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAssets: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of catalogue entries. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAvailableCryptoNetworks: {
        parameters: {
            query?: {
                asset?: "USD" | "EUR" | "GBP" | "USDC" | "USDT" | "BTC" | "ETH";
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of catalogue entries. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailableCryptoNetworkList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAvailablePaymentMethods: {
        parameters: {
            query?: {
                currency?: "USD" | "EUR" | "GBP" | "USDC" | "USDT" | "BTC" | "ETH";
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of catalogue entries. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailablePaymentMethodList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listBalanceMonitors: {
        parameters: {
            query?: {
                account_ref?: string;
                asset?: "USD" | "EUR" | "GBP" | "USDC" | "USDT" | "BTC" | "ETH";
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                status?: "active" | "disabled";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of monitors. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceMonitorList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createBalanceMonitor: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BalanceMonitorCreate"];
            };
        };
        responses: {
            /** @description The monitor. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceMonitor"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getBalanceMonitor: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                balance_monitor_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceMonitor"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateBalanceMonitor: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                balance_monitor_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BalanceMonitorUpdate"];
            };
        };
        responses: {
            /** @description The monitor. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceMonitor"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    disableBalanceMonitor: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                balance_monitor_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceMonitor"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    enableBalanceMonitor: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                balance_monitor_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceMonitor"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCapabilities: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                /** @description Enterprise or client; default the caller’s enterprise. */
                scope_ref?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Capability items, by name. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CapabilityList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listClientAccountStatementExports: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                /** @description Only the runs of this export schedule. */
                schedule_id?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of exports, oldest first. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientAccountStatementExportList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createClientAccountStatementExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientAccountStatementExportRequest"];
            };
        };
        responses: {
            /** @description The queued export. */
            202: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Export"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getClientAccountStatementExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                export_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Export"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadClientAccountStatementExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                export_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listClientAccounts: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                /** @description Client (or enterprise) whose accounts to list. */
                scope_ref?: string;
                status?: "active" | "suspended" | "closed";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of client accounts. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientAccountList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createClientAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientAccountCreate"];
            };
        };
        responses: {
            /** @description The client account. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientAccount"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getClientAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                client_account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client account. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientAccount"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateClientAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                client_account_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientAccountUpdate"];
            };
        };
        responses: {
            /** @description The updated client account. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientAccount"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getClientAccountBalances: {
        parameters: {
            query?: {
                /** @description Balances at this instant (RFC 3339, not in the future): everything booked at or before it. `updated_at` is then this instant; the overdraft limit is the current one. */
                as_of?: string;
                /** @description Only this asset (a zero balance when the account never held it). */
                asset?: "USD" | "EUR" | "GBP" | "USDC" | "USDT" | "BTC" | "ETH";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                client_account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balances. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    closeClientAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                client_account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client account. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientAccount"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reactivateClientAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                client_account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client account. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientAccount"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getClientAccountStatement: {
        parameters: {
            query: {
                asset: "USD" | "EUR" | "GBP" | "USDC" | "USDT" | "BTC" | "ETH";
                /** @description Start (exclusive) of the period, RFC 3339. */
                from: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                /** @description End (inclusive) of the period, RFC 3339, not in the future. */
                to: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                client_account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statement. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Statement"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    suspendClientAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                client_account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client account. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientAccount"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listClients: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                /** @description Enterprise whose clients to list. */
                scope_ref?: string;
                status?: "active" | "suspended" | "closed";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of clients. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientCreate"];
            };
        };
        responses: {
            /** @description The client. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                client_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientUpdate"];
            };
        };
        responses: {
            /** @description The updated client. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setClientCapability: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                capability_name: string;
                client_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CapabilitySetting"];
            };
        };
        responses: {
            /** @description The capability as now set for the client. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CapabilityItem"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    closeClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listKycDecisions: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of decisions, oldest first. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KycDecisionList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    recordKycDecision: {
        parameters: {
            query?: never;
            header: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description Single-use action token (POST /action-tokens). */
                "X-Action-Token": components["parameters"]["XActionToken"];
            };
            path: {
                client_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KycDecisionCreate"];
            };
        };
        responses: {
            /** @description The decision. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KycDecision"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeActionTokenRequired */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reactivateClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    suspendClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                client_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listConnectors: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of connectors, oldest first. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createConnector: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectorCreate"];
            };
        };
        responses: {
            /** @description The connector, with its signing secret. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorWithSecret"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getConnector: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                connector_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connector. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    disableConnector: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                connector_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connector. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    enableConnector: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                connector_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connector. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    receiveConnectorEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                connector_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectorEvent"];
            };
        };
        responses: {
            /** @description The event was applied (or had been). */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorEventAnswer"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateConnectorSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                connector_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectorSecretRotation"];
            };
        };
        responses: {
            /** @description The connector, with its new signing secret. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorWithSecret"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getConnectorProtocol: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listConversionPairs: {
        parameters: {
            query?: {
                from_asset?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                to_asset?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of pairs. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionPairList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getConversionPair: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                conversion_pair_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pair. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionPair"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listConversions: {
        parameters: {
            query?: {
                account_ref?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                status?: "pending_approval" | "executing" | "executed" | "cancelled" | "rejected" | "expired" | "failed";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transaction records. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createConversion: {
        parameters: {
            query?: never;
            header: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversionCreate"];
            };
        };
        responses: {
            /** @description The transaction record. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionRecord"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden | ForbiddenCapabilityScope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getConversion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                conversion_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction record. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionRecord"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelConversion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                conversion_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled conversion. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionRecord"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listConversionLedgerEntries: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                conversion_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Holds and ledger transactions of the record. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerEntries"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    previewConversion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversionPreviewRequest"];
            };
        };
        responses: {
            /** @description The firm quote. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionQuote"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden | ForbiddenCapabilityScope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCryptoNetworks: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of catalogue entries. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CryptoNetworkList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCryptoNetwork: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                crypto_network_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The network. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CryptoNetwork"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDepositInstructions: {
        parameters: {
            query?: {
                /** @description Account whose endpoints to list; they are created on first need. */
                account_ref?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                rail_class?: "crypto" | "fiat";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deposit instructions. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DepositInstructionList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeBadGateway */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDepositInstruction: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                deposit_instruction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deposit instruction. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DepositInstruction"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDeposits: {
        parameters: {
            query?: {
                account_ref?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                status?: "pending" | "confirmed" | "credited" | "failed";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deposits, oldest first. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DepositList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDeposit: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                deposit_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deposit. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deposit"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEligibleCryptoNetworks: {
        parameters: {
            query: {
                account_ref: string;
                asset: "USD" | "EUR" | "GBP" | "USDC" | "USDT" | "BTC" | "ETH";
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of catalogue entries. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EligibleCryptoNetworkList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEligiblePayoutMethods: {
        parameters: {
            query: {
                account_ref: string;
                currency?: "USD" | "EUR" | "GBP" | "USDC" | "USDT" | "BTC" | "ETH";
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of catalogue entries. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EligiblePayoutMethodList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEnterpriseCommercialAgreements: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                status?: "in_force" | "superseded";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of agreements, oldest first. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnterpriseCommercialAgreementList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createEnterpriseCommercialAgreement: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnterpriseCommercialAgreementCreate"];
            };
        };
        responses: {
            /** @description The agreement now in force. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnterpriseCommercialAgreement"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEnterpriseCommercialAgreement: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                agreement_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agreement (in force or superseded). */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnterpriseCommercialAgreement"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    supersedeEnterpriseCommercialAgreement: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                agreement_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnterpriseCommercialAgreementSupersede"];
            };
        };
        responses: {
            /** @description The new agreement in force. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnterpriseCommercialAgreement"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEnterprises: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of enterprises. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnterpriseList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEnterprise: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                enterprise_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The enterprise. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Enterprise"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateEnterprise: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                enterprise_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnterpriseUpdate"];
            };
        };
        responses: {
            /** @description The updated enterprise. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Enterprise"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    closeEnterprise: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                enterprise_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The enterprise after the change. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Enterprise"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reactivateEnterprise: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                enterprise_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The enterprise after the change. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Enterprise"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    suspendEnterprise: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                enterprise_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The enterprise after the change. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Enterprise"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Exclusive lower bound. */
                occurred_after?: string;
                /** @description Exclusive upper bound. */
                occurred_before?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                resource_ref?: string;
                /** @description Events at this scope or beneath it. */
                scope_ref?: string;
                /** @description Exact event type. */
                type?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replayEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                event_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventReplay"];
            };
        };
        responses: {
            /** @description The deliveries started. */
            202: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryStartedList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEventTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every event type the service emits. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventTypeList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listExportSchedules: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of schedules. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportScheduleList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createExportSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExportScheduleCreate"];
            };
        };
        responses: {
            /** @description The schedule. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportSchedule"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getExportSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportSchedule"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    backfillExportSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExportScheduleBackfill"];
            };
        };
        responses: {
            /** @description The schedule. */
            202: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportSchedule"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteExportSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportSchedule"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    pauseExportSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportSchedule"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    triggerExportSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule. */
            202: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportSchedule"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unpauseExportSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                schedule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportSchedule"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createFeePreview: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeePreviewRequest"];
            };
        };
        responses: {
            /** @description The non-binding fee preview. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeePreview"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFundingEndpoints: {
        parameters: {
            query?: {
                /** @description Account whose endpoints to list; they are created on first need. */
                account_ref?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                rail_class?: "crypto" | "fiat";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of funding endpoints. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FundingEndpointList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeBadGateway */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getFundingEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                funding_endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The funding endpoint. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FundingEndpoint"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getGovernanceSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GovernanceSettings"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateGovernanceSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GovernanceSettingsUpdate"];
            };
        };
        responses: {
            /** @description The settings after the change. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GovernanceSettings"];
                };
            };
            /** @description The change waits for the quorum of admins (the settings are unchanged until it is approved). */
            202: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyChange"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listIdentityProviders: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of identity providers. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdentityProviderList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createIdentityProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdentityProviderCreate"];
            };
        };
        responses: {
            /** @description The identity provider. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdentityProvider"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIdentityProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                identity_provider_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The identity provider. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdentityProvider"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateIdentityProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                identity_provider_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdentityProviderUpdate"];
            };
        };
        responses: {
            /** @description The updated identity provider. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdentityProvider"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createInternalTransferBatch: {
        parameters: {
            query?: never;
            header: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InternalTransferBatchCreate"];
            };
        };
        responses: {
            /** @description The batch, with one result per transfer. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalTransferBatch"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getInternalTransferBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                internal_transfer_batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalTransferBatch"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listInternalTransfers: {
        parameters: {
            query?: {
                account_ref?: string;
                created_after?: string;
                created_before?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                status?: "pending_approval" | "executing" | "executed" | "cancelled" | "rejected" | "expired" | "failed";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transaction records. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalTransferList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createInternalTransfer: {
        parameters: {
            query?: never;
            header: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InternalTransferCreate"];
            };
        };
        responses: {
            /** @description The transaction record. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalTransferRecord"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getInternalTransfer: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                internal_transfer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction record. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalTransferRecord"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelInternalTransfer: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                internal_transfer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled transfer. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalTransferRecord"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listInternalTransferLedgerEntries: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                internal_transfer_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Holds and ledger transactions of the record. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerEntries"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getKycDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                kyc_decision_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The decision. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KycDecision"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listLedgerCheckpoints: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of checkpoints, oldest first. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerCheckpointList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listMasterAccounts: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                /** @description Enterprise whose master accounts to list. */
                scope_ref?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of master accounts. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MasterAccountList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMasterAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                master_account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The master account. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MasterAccount"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMasterAccountBalances: {
        parameters: {
            query?: {
                /** @description Balances at this instant (RFC 3339, not in the future): everything booked at or before it. `updated_at` is then this instant; the overdraft limit is the current one. */
                as_of?: string;
                /** @description Only this asset (a zero balance when the account never held it). */
                asset?: "USD" | "EUR" | "GBP" | "USDC" | "USDT" | "BTC" | "ETH";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                master_account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balances. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMyCapabilities: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller’s scope and its capabilities. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyCapabilities"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMyNavigation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller’s navigation. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Navigation"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenRevocation"];
                "application/x-www-form-urlencoded": components["schemas"]["TokenRevocation"];
            };
        };
        responses: {
            /** @description The token is revoked, or was never usable. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    issueToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description Access token. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createOffRampSession: {
        parameters: {
            query?: never;
            header: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OffRampSessionCreate"];
            };
        };
        responses: {
            /** @description The session. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OffRampSession"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden | ForbiddenCapabilityScope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOffRampSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OffRampSession"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelOffRampSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled session. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OffRampSession"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createOnRampSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OnRampSessionCreate"];
            };
        };
        responses: {
            /** @description The session. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnRampSession"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden | ForbiddenCapabilityScope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeBadGateway */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOnRampSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnRampSession"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelOnRampSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled session. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnRampSession"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOperationsActivityExports: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                /** @description Only the runs of this export schedule. */
                schedule_id?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of exports, oldest first. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationsActivityExportList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createOperationsActivityExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OperationsActivityExportRequest"];
            };
        };
        responses: {
            /** @description The queued export. */
            202: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Export"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOperationsActivityExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                export_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Export"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadOperationsActivityExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                export_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPaymentMethods: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of catalogue entries. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethodList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPaymentMethod: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                payment_method_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment method. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethod"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPayoutMethods: {
        parameters: {
            query?: {
                account_ref?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                status?: "active" | "disabled";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payout methods. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutMethodList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPayoutMethod: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayoutMethodCreate"];
            };
        };
        responses: {
            /** @description The payout method. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutMethod"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPayoutMethod: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                payout_method_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout method. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutMethod"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    disablePayoutMethod: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                payout_method_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The disabled payout method. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutMethod"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicyRuleCreate"];
            };
        };
        responses: {
            /** @description The draft rule. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyRule"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPolicyChanges: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                status?: "pending_approval" | "applied" | "rejected" | "expired" | "cancelled" | "failed";
                /** @description Changes of this rule, destination or settings. */
                target_ref?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of policy changes. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyChangeList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPolicyChange: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                policy_change_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy change. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyChange"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPolicyRules: {
        parameters: {
            query?: {
                action_family?: "withdrawal" | "internal_transfer" | "conversion" | "off_ramp";
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                /** @description Rules at or below this scope. */
                scope_ref?: string;
                status?: "draft" | "active" | "retired";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of rules. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyRuleList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPolicyRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyRule"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updatePolicyRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicyRuleUpdate"];
            };
        };
        responses: {
            /** @description The updated rule. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyRule"];
                };
            };
            /** @description The change waits for the quorum of admins (the rule is unchanged until it is approved). */
            202: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyChange"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    activatePolicyRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule after the change. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyRule"];
                };
            };
            /** @description The change waits for the quorum of admins (the rule is unchanged until it is approved). */
            202: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyChange"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retirePolicyRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule after the change. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyRule"];
                };
            };
            /** @description The change waits for the quorum of admins (the rule is unchanged until it is approved). */
            202: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyChange"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    evaluatePolicyRules: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicyEvaluationRequest"];
            };
        };
        responses: {
            /** @description The decision and its trace. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyDecision"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIndicativePrice: {
        parameters: {
            query: {
                account_ref?: string;
                /** @description Only `from` (the amount is what is converted). */
                amount_basis?: "from";
                from_amount: string;
                from_asset: string;
                to_asset: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The indicative price. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IndicativePrice"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeBadGateway */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dependencies reachable. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listRoleAssignments: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                principal_ref?: string;
                role_ref?: string;
                scope_ref?: string;
                status?: "active" | "revoked";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of role assignments. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleAssignmentList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createRoleAssignment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleAssignmentCreate"];
            };
        };
        responses: {
            /** @description The role assignment. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleAssignment"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeActionTokenRequired */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRoleAssignment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                role_assignment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The role assignment. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleAssignment"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeRoleAssignment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                role_assignment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked role assignment. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleAssignment"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listRoles: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                scope_ref?: string;
                status?: "active" | "retired";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of roles. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleCreate"];
            };
        };
        responses: {
            /** @description The role. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Role"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                role_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The role. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Role"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                role_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleUpdate"];
            };
        };
        responses: {
            /** @description The updated role. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Role"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retireRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                role_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The retired role. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Role"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setSandboxClientApiAccess: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                client_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxClientApiAccess"];
            };
        };
        responses: {
            /** @description The client. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setSandboxClientKyc: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                client_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxClientKyc"];
            };
        };
        responses: {
            /** @description The client. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    simulateSandboxDeposit: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxDepositRequest"];
            };
        };
        responses: {
            /** @description The pending deposit. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deposit"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    simulateOnRampPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxOnRampPayment"];
            };
        };
        responses: {
            /** @description The session, payment received. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnRampSession"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    injectSandboxRailFailure: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxRailFailureCreate"];
            };
        };
        responses: {
            /** @description The injected failure. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxRailFailure"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listServiceAccounts: {
        parameters: {
            query?: {
                external_id?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                parent_ref?: string;
                status?: "active" | "revoked";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of service accounts. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAccountList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createServiceAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServiceAccountCreate"];
            };
        };
        responses: {
            /** @description The account, its credentials and its grants. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAccountCreation"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getServiceAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                service_account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service account. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAccount"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeServiceAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                service_account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked service account. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAccount"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateServiceAccountSecret: {
        parameters: {
            query?: never;
            header: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
                /** @description Single-use action token (POST /action-tokens). */
                "X-Action-Token": components["parameters"]["XActionToken"];
            };
            path: {
                service_account_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServiceAccountSecretRotationRequest"];
            };
        };
        responses: {
            /** @description The new secret and the account. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAccountSecretRotation"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeActionTokenRequired */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    provisionServiceAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ServiceAccountProvision"];
            };
        };
        responses: {
            /** @description Already there: no secret. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAccountProvisioning"];
                };
            };
            /** @description Created: credentials and grants. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceAccountProvisioning"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSignInProviders: {
        parameters: {
            query: {
                enterprise_ref: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The providers. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInProviderList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUserActionAuditEntry: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                entry_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audit entry. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserActionAuditEntry"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchUserActionAuditEntries: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserActionAuditSearch"];
            };
        };
        responses: {
            /** @description A page of audit entries. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserActionAuditEntryList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listUserActionAuditExports: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                /** @description Only the runs of this export schedule. */
                schedule_id?: string;
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of exports, oldest first. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserActionAuditExportList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createUserActionAuditExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserActionAuditExportRequest"];
            };
        };
        responses: {
            /** @description The queued export. */
            202: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Export"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUserActionAuditExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                export_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Export"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadUserActionAuditExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                export_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listUserInvitations: {
        parameters: {
            query?: {
                email?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                /** @description Only invitations at exactly this enterprise or client. */
                scope_ref?: string;
                /** @description `expired` includes pending invitations past their expiry. */
                status?: "pending" | "accepted" | "cancelled" | "expired";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invitations. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserInvitationList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createUserInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserInvitationCreate"];
            };
        };
        responses: {
            /** @description The invitation and its token. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserInvitationCreated"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeActionTokenRequired */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUserInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                invitation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation (never its token). */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserInvitation"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    acceptUserInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserInvitationAccept"];
            };
        };
        responses: {
            /** @description The accepted invitation, the new user and its grants. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserInvitationAcceptance"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelUserInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserInvitationCancel"];
            };
        };
        responses: {
            /** @description The cancelled invitation. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserInvitation"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Exact address, case-insensitive. */
                email?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                /** @description Only users at exactly this enterprise or client. */
                scope_ref?: string;
                status?: "active" | "suspended" | "deactivated";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserCreate"];
            };
        };
        responses: {
            /** @description The user. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserUpdate"];
            };
        };
        responses: {
            /** @description The updated user. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deactivateUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reactivateUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    suspendUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookSubscriptions: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                status?: "active" | "disabled" | "deleted";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscriptions. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookSubscriptionCreate"];
            };
        };
        responses: {
            /** @description The subscription, with its signing secret. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionWithSecret"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription and its backlog. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionWithBacklog"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookSubscriptionUpdate"];
            };
        };
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                status?: "pending" | "succeeded" | "failed";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries, oldest first. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                delivery_id: string;
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery and its attempts. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                delivery_id: string;
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery. */
            202: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    disableWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    enableWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSubscriptionSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookSecretRotation"];
            };
        };
        responses: {
            /** @description The subscription, with its new signing secret. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionWithSecret"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    testWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery started. */
            202: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWithdrawalDestinations: {
        parameters: {
            query?: {
                asset?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                scope_ref?: string;
                status?: "pending_approval" | "active" | "disabled" | "retired" | "rejected";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of destinations. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalDestinationList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWithdrawalDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WithdrawalDestinationCreate"];
            };
        };
        responses: {
            /** @description The destination: `active`, or `pending_approval` with its `approval_ref` when the enterprise puts new destinations under approval (governance settings `destination_approval_quorum`); usable by withdrawals from `usable_from` (cooling-off). */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalDestination"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWithdrawalDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The destination. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalDestination"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    disableWithdrawalDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The destination after the change. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalDestination"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    enableWithdrawalDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The destination after the change. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalDestination"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retireWithdrawalDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description ETag of the version being changed. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The destination after the change. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalDestination"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgePreconditionFailed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWithdrawals: {
        parameters: {
            query?: {
                account_ref?: string;
                /** @description Items per page: default 50; values above 200 are coerced to 200. */
                page_size?: number;
                /** @description Opaque cursor from `next_page_token`; valid only for the same caller and the same filters. */
                page_token?: string;
                status?: "pending_approval" | "executing" | "executed" | "rejected" | "expired" | "cancelled" | "failed";
            };
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of withdrawals. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalList"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWithdrawal: {
        parameters: {
            query?: never;
            header: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
                /** @description Client-chosen key: the first answer is replayed for 24 h to retries with the same body. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WithdrawalCreate"];
            };
        };
        responses: {
            /** @description The transaction record. */
            201: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalRecord"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeGone */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeUnprocessable */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description TemporarilyUnavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWithdrawal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                withdrawal_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction record. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalRecord"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelWithdrawal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                withdrawal_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled withdrawal. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawalRecord"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeConflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWithdrawalLedgerEntries: {
        parameters: {
            query?: never;
            header?: {
                /** @description The dated API version to answer at (docs/api-versions.md); the answer's `Counterfoil-Version` header names the version used. Default: the calling service account's pinned version (the latest at its creation), or the latest for a person. An unknown version is 400 (`unknown_api_version`). This document describes 2026-11-26. Changes: 2026-11-26: Transaction records (withdrawals, internal transfers, conversions, on- and off-ramp records) carry the resource discriminator `resource: "transaction"`, first member, as every other resource does. */
                "Counterfoil-Version"?: components["parameters"]["CounterfoilVersion"];
            };
            path: {
                withdrawal_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Holds and ledger transactions of the record. */
            200: {
                headers: {
                    /** @description The API version the answer is rendered at. */
                    "Counterfoil-Version"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerEntries"];
                };
            };
            /** @description EdgeBadRequest */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeForbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeNotFound */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description EdgeRateLimited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
