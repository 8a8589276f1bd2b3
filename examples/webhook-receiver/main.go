// Command webhook-receiver is the smallest useful receiver of Switchboard's
// webhooks: it verifies each delivery's Standard Webhooks signature with
// WEBHOOK_SECRET (the endpoint's whsec_… secret) and prints the event's id
// and body, one a line. It listens on ADDR (127.0.0.1:8081 by default).
package main

import (
	"cmp"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

func main() {
	wh, err := standardwebhooks.NewWebhook(os.Getenv("WEBHOOK_SECRET"))
	if err != nil {
		log.Fatal(err)
	}
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if err := wh.Verify(body, r.Header); err != nil { // signature, and a timestamp within 5 minutes
			http.Error(w, err.Error(), http.StatusUnauthorized)
			return
		}
		fmt.Printf("%s %s\n", r.Header.Get("webhook-id"), body) // deduplicate on webhook-id: a retry repeats it
	})
	log.Fatal(http.ListenAndServe(cmp.Or(os.Getenv("ADDR"), "127.0.0.1:8081"), nil))
}
