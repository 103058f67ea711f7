/** Language detection lives in common/render: the embed page on the server detects the same way. */
export {
  DETECTION_SAMPLE_CHARS,
  detectionSample,
  detectLanguage,
  looksLikeCss,
  looksLikeLog,
  looksLikeYaml,
} from '../../../../common/render/detect-language';
