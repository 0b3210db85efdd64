"""``hyperchess serve``: the local web board."""
from __future__ import annotations

import click

from .common import fail, variants_option


@click.command()
@variants_option
@click.option("--port", "-p", type=int, default=8000, show_default=True, help="TCP port (0 = any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind; the default serves this machine only. Any other address needs the token "
                   "printed at start-up (in the address to open).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the default web browser.")
def serve(port: int, host: str, open_browser: bool) -> None:
    """Serve the web board: play any game against the engine, or watch the engine play itself.

    Prints the address (`hyperchess web board: http://HOST:PORT/`) and serves until Ctrl-C.
    """
    from hyperchess.web.server import make_server

    if not 0 <= port <= 65535:
        fail(f"port must be 0..65535, got {port}")
    try:
        server = make_server(host, port)
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    shown = server.server_address[0]
    url = f"http://{'[' + shown + ']' if ':' in shown else shown}:{server.server_address[1]}/"
    if server.token:
        url += f"?token={server.token}"
    click.echo(f"hyperchess web board: {url}", err=False)
    click.echo("Ctrl-C stops it.", err=True)
    if open_browser:
        import webbrowser
        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.board.close()
        server.server_close()
