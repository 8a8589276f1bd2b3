package main

import (
	"context"
	"fmt"
	"time"

	"github.com/switchboard-oss/switchboard/server/webhook"
)

// startWebhooks migrates River's tables and starts relaying recorded events
// and delivering them. It runs before the HTTP server, so every change's
// event finds the engine running.
func (m *Main) startWebhooks(ctx context.Context) error {
	eng, err := webhook.New(ctx, m.db, true, webhook.Config{
		AllowPrivateNetworks: m.Config.WebhookAllowPrivateNetworks,
		RescueAfter:          m.Config.WebhookRescueAfter,
		OnAttempt:            m.onWebhookAttempt,
	}, m.Logger)
	if err != nil {
		return fmt.Errorf("setting up webhook deliveries: %w", err)
	}
	m.hooks = eng
	m.metrics.SetQueueDepthFunc(eng.QueueDepth)
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

// onWebhookAttempt counts an attempt in the metrics and tells
// OnWebhookAttempt, when set.
func (m *Main) onWebhookAttempt(result string, latency time.Duration) {
	m.metrics.ObserveWebhookDelivery(result, latency)
	if m.OnWebhookAttempt != nil {
		m.OnWebhookAttempt(result, latency)
	}
}
