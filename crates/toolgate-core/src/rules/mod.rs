//! Constitution rules: the acgs-lite compatible model, tool-call rendering, matching, verdicts.
