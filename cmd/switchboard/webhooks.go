package main

import (
	"context"
	"fmt"
	"time"

	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/server"
)

// startEvents builds the events service and starts its engine: River's
// tables are migrated, and recorded events are relayed and delivered. It
// runs before the HTTP server, so every change's event finds the engine
// running.
func (m *Main) startEvents(ctx context.Context) error {
	svc, err := events.New(events.Config{
		AllowPrivateNetworks: m.Config.WebhookAllowPrivateNetworks,
		Notify:               true,
		RescueAfter:          m.Config.WebhookRescueAfter,
		OnAttempt:            m.onWebhookAttempt,
		Logger:               m.Logger,
		RequestLogger:        server.RequestLogger,
	}, events.Deps{Store: m.db})
	if err != nil {
		return err
	}
	if err := svc.Start(ctx); err != nil {
		return fmt.Errorf("starting webhook deliveries: %w", err)
	}
	m.events = svc
	m.metrics.SetQueueDepthFunc(svc.QueueDepth)
	return nil
}

// stopEvents lets running deliveries finish within the shutdown grace;
// those cut short run again later, on this or another instance.
func (m *Main) stopEvents() error {
	if m.events == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), m.Config.ShutdownGrace)
	defer cancel()
	err := m.events.Stop(ctx)
	m.events = nil
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
