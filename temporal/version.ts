// Pinned Temporal CLI (it embeds the dev server). Bumping the version changes the
// per-user cache folder, so old and new binaries never mix.
export const TEMPORAL_CLI_VERSION = 'v1.5.1';
export const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal';
