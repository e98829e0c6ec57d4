"""An S3-compatible store the tests start themselves: moto's standalone server in a process of its own, on a free
port of 127.0.0.1, with a bucket for the media. Shared by the tests of shared media and of several machines."""

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import boto3
import requests

ACCESS = {"AWS_ACCESS_KEY_ID": "carrom-test", "AWS_SECRET_ACCESS_KEY": "carrom-test-secret"}
REGION = "eu-central-1"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def s3_store(bucket="carrom-media"):
    """Yields the environment that points the project at a fresh bucket of a running store (config.settings_files
    reads it), and stops the store afterwards."""
    port = free_port()
    server = Path(sys.executable).with_name("moto_server")
    process = subprocess.Popen(
        [str(server), "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **ACCESS},
    )
    endpoint = f"http://127.0.0.1:{port}"
    try:
        wait_for(endpoint, process)
        client(endpoint).create_bucket(Bucket=bucket, CreateBucketConfiguration={"LocationConstraint": REGION})
        yield {
            "MEDIA_S3_BUCKET": bucket,
            "AWS_S3_ENDPOINT_URL": endpoint,
            "AWS_S3_REGION_NAME": REGION,
            **ACCESS,
        }
    finally:
        process.terminate()
        process.wait(timeout=10)


def wait_for(endpoint, process, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"moto_server stopped at once (exit {process.returncode})")
        try:
            requests.get(endpoint, timeout=5)
            return
        except (requests.ConnectionError, requests.Timeout):
            time.sleep(0.2)
    raise RuntimeError(f"moto_server did not answer at {endpoint} within {seconds} s")


def client(endpoint):
    return boto3.client(
        "s3",
        endpoint_url=endpoint,
        region_name=REGION,
        aws_access_key_id=ACCESS["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=ACCESS["AWS_SECRET_ACCESS_KEY"],
    )


def keys(environ):
    """The names of the objects in the store's bucket."""
    listed = client(environ["AWS_S3_ENDPOINT_URL"]).list_objects_v2(Bucket=environ["MEDIA_S3_BUCKET"])
    return sorted(item["Key"] for item in listed.get("Contents", []))
