"""The LLM boundary: versioned prompts, a chat client and the reader call."""
