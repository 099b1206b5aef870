export { labelOffences, looksLikeId, parseExposition, sampleValue, type Sample } from './exposition.js';
export { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';
