"""The API plumbing every app's endpoints share."""
