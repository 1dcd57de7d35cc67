package counterfoil

import (
	"context"
	"iter"
)

// Page is one page of a list: its items and the token of the next page (nil or "" on the last).
type Page[T any] struct {
	Items         []T
	NextPageToken *string
}

// All iterates over every item of a list, fetching page after page with next_page_token until the
// last; fetch gets nil for the first page. Iteration stops at the first error, which it yields.
func All[T any](ctx context.Context, fetch func(ctx context.Context, pageToken *string) (Page[T], error)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var token *string
		for {
			page, err := fetch(ctx, token)
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, item := range page.Items {
				if !yield(item, nil) {
					return
				}
			}
			if page.NextPageToken == nil || *page.NextPageToken == "" {
				return
			}
			token = page.NextPageToken
		}
	}
}
