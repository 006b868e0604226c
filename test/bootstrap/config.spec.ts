import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../bootstrap/config.js';

describe('configuration from the environment', () => {
  it('has the documented defaults: SQLite in ./data, port 3000 on 127.0.0.1, 600 requests a minute, no metrics, 10 s to finish at shutdown, keys kept 5 s', () => {
    expect(loadConfig({})).to.deep.include({
      databaseUrl: 'sqlite:./data/workspace.db',
      port: 3000,
      host: '127.0.0.1',
      logLevel: 'info',
      rateLimitPerMinute: 600,
      dbConnectTimeoutS: 30,
      metricsPort: null,
      shutdownGraceS: 10,
      apiKeyCacheS: 5,
    });
  });

  it('reads SHUTDOWN_GRACE_S in whole seconds', () => {
    expect(loadConfig({ SHUTDOWN_GRACE_S: '3' }).shutdownGraceS).to.equal(3);
    expect(() => loadConfig({ SHUTDOWN_GRACE_S: '1.5' })).to.throw(ConfigError, /SHUTDOWN_GRACE_S/);
  });

  it('reads SYNC_RETENTION_DAYS from 1 to 36500 days, 90 unless told', () => {
    expect(loadConfig({}).syncRetentionDays).to.equal(90);
    expect(loadConfig({ SYNC_RETENTION_DAYS: '7' }).syncRetentionDays).to.equal(7);
    expect(() => loadConfig({ SYNC_RETENTION_DAYS: '0' })).to.throw(ConfigError, /from 1 to 36500/);
  });

  it('reads API_KEY_CACHE_S from 0 (keys read on every request) to 60', () => {
    expect(loadConfig({ API_KEY_CACHE_S: '0' }).apiKeyCacheS).to.equal(0);
    expect(loadConfig({ API_KEY_CACHE_S: '60' }).apiKeyCacheS).to.equal(60);
    expect(() => loadConfig({ API_KEY_CACHE_S: '61' })).to.throw(ConfigError, /API_KEY_CACHE_S/);
  });

  it('reads DB_STATEMENT_TIMEOUT_S from 1 to 3600 seconds, 5 unless told (0 would mean unbounded)', () => {
    expect(loadConfig({}).dbStatementTimeoutS).to.equal(5);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_S: '1' }).dbStatementTimeoutS).to.equal(1);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_S: '0' })).to.throw(ConfigError, /DB_STATEMENT_TIMEOUT_S/);
  });

  it('reads SQLITE_SYNCHRONOUS as normal (the default: synced at checkpoints) or full (synced at every commit), and names both for anything else', () => {
    expect(loadConfig({}).sqliteSynchronous).to.equal('normal');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'full' }).sqliteSynchronous).to.equal('full');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'normal' }).sqliteSynchronous).to.equal('normal');
    for (const wrong of ['FULL', 'off', 'extra', '1'])
      expect(() => loadConfig({ SQLITE_SYNCHRONOUS: wrong }), wrong).to.throw(
        ConfigError,
        'SQLITE_SYNCHRONOUS must be one of normal, full',
      );
  });

  it('reads METRICS_PORT, and refuses one that is not a port', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).to.equal(9464);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).to.throw(ConfigError, /METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).to.throw(ConfigError, /METRICS_PORT/);
  });

  it('names the valid values of a bad LOG_LEVEL or DATABASE_URL', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).to.throw(ConfigError, /debug/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).to.throw(ConfigError, /sqlite:/);
  });
});
