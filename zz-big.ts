import { buildTestApp } from './test/support/http-harness.js';
