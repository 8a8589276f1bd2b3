package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/server/webhook"
)

// startWebhooks migrates River's tables, makes the store record events and
// queue their deliveries, and starts delivering. It runs before the HTTP
// server, so no change is ever made without its event.
func (m *Main) startWebhooks(ctx context.Context) error {
	listenURL := ""
	if !strings.HasPrefix(m.Config.DatabaseURL, "sqlite:") {
		listenURL = m.Config.DatabaseURL
	}
	eng, err := webhook.New(ctx, m.db, listenURL, webhook.Config{
		AllowPrivateNetworks: m.Config.WebhookAllowPrivateNetworks,
		RescueAfter:          m.Config.WebhookRescueAfter,
		OnAttempt:            m.onWebhookAttempt,
	}, m.Logger)
	if err != nil {
		return fmt.Errorf("setting up webhook deliveries: %w", err)
	}
	m.hooks = eng
	m.metrics.SetQueueDepthFunc(eng.QueueDepth)
	m.db.SetEvents(server.EncodeEvent, eng)
	if err := eng.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("starting webhook deliveries: %w", err)
	}
	return nil
}

// stopWebhooks lets running deliveries finish within the shutdown grace;
// those cut short run again later, on this or another instance.
func (m *Main) stopWebhooks() error {
	if m.hooks == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), m.Config.ShutdownGrace)
	defer cancel()
	err := m.hooks.Stop(ctx)
	m.hooks = nil
	return err
}

// WebhookQueueDepth is how many webhook jobs wait or run (for metrics).
func (m *Main) WebhookQueueDepth(ctx context.Context) (int, error) {
	if m.hooks == nil {
		return 0, nil
	}
	return m.hooks.QueueDepth(ctx)
}

// onWebhookAttempt counts an attempt in the metrics and tells
// OnWebhookAttempt, when set.
func (m *Main) onWebhookAttempt(result string, latency time.Duration) {
	m.metrics.ObserveWebhookDelivery(result, latency)
	if m.OnWebhookAttempt != nil {
		m.OnWebhookAttempt(result, latency)
	}
}
