import { expect } from 'chai';
import { createMetrics } from '../../../adapters/observability/prometheus-metrics.js';
import { statementKind } from '../../../adapters/persistence/query-observer.js';
import { sample } from '../../support/prometheus-text.js';

describe('Prometheus metrics', () => {
  it('counts requests and their latency by method, route pattern and status; an unmatched URL is one label, not its path', async () => {
    const metrics = createMetrics();
    metrics.observeRequest({
      method: 'GET',
      route: '/v1/tasks/:id',
      status: 200,
      durationMs: 12,
      errorCode: null,
    });
    metrics.observeRequest({
      method: 'GET',
      route: '/v1/tasks/:id',
      status: 200,
      durationMs: 3,
      errorCode: null,
    });
    metrics.observeRequest({
      method: 'GET',
      route: null,
      status: 404,
      durationMs: 1,
      errorCode: 'NOT_FOUND',
    });
    const text = await metrics.registry.metrics();
    expect(
      sample(text, 'workspace_http_requests_total{method="GET",route="/v1/tasks/:id",status="200"}'),
    ).to.equal(2);
    expect(
      sample(text, 'workspace_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).to.equal(1);
    expect(
      sample(
        text,
        'workspace_http_request_duration_seconds_sum{method="GET",route="/v1/tasks/:id",status="200"}',
      ),
    ).to.be.closeTo(0.015, 1e-9);
  });

  it('counts rate-limit rejections', async () => {
    const metrics = createMetrics();
    metrics.observeRequest({
      method: 'GET',
      route: '/v1/tasks',
      status: 429,
      durationMs: 1,
      errorCode: 'RATE_LIMITED',
    });
    metrics.observeRequest({
      method: 'GET',
      route: '/v1/tasks',
      status: 200,
      durationMs: 1,
      errorCode: null,
    });
    expect(sample(await metrics.registry.metrics(), 'workspace_rate_limit_rejections_total')).to.equal(1);
  });

  it('times statements by side, kind and outcome, never by their text', async () => {
    const metrics = createMetrics();
    metrics.observeQuery({
      sql: 'select * from task where id = ?',
      durationMs: 2,
      side: 'read',
      failed: false,
    });
    metrics.observeQuery({
      sql: 'insert into task (title) values (?)',
      durationMs: 4,
      side: 'write',
      failed: true,
    });
    const text = await metrics.registry.metrics();
    expect(
      sample(text, 'workspace_db_query_duration_seconds_count{side="read",statement="select",outcome="ok"}'),
    ).to.equal(1);
    expect(
      sample(
        text,
        'workspace_db_query_duration_seconds_count{side="write",statement="insert",outcome="error"}',
      ),
    ).to.equal(1);
    expect(text).not.to.include('from task');
  });

  it('reports the connection pool where there is one, and the process metrics', async () => {
    const metrics = createMetrics({ poolStats: () => ({ total: 4, idle: 3, waiting: 1 }) });
    const text = await metrics.registry.metrics();
    expect(sample(text, 'workspace_db_pool_connections{state="total"}')).to.equal(4);
    expect(sample(text, 'workspace_db_pool_connections{state="waiting"}')).to.equal(1);
    expect(text).to.include('process_resident_memory_bytes');
    expect(text).to.include('nodejs_eventloop_lag_seconds');
    expect(await createMetrics().registry.metrics()).not.to.include('workspace_db_pool_connections');
  });

  it('labels a statement by its kind, and anything unexpected as other', () => {
    expect(statementKind('  SELECT 1')).to.equal('select');
    expect(statementKind('with recent as (select 1) select * from recent')).to.equal('select');
    expect(statementKind('begin')).to.equal('begin');
    expect(statementKind('vacuum')).to.equal('other');
  });
});
