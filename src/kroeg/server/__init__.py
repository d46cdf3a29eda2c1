"""The web server: REST lobby API, the websocket protocol (docs/protocol.md), the client."""
