ADA = "ada@example.com"
RICE = "ofada-rice-5kg"


def test_a_fault_fails_the_agents_write_once(sandbox):
    agent = sandbox.as_agent(ADA)
    fault = {"service": "storefront", "route": "POST /api/agent/cart/items", "status": 503, "times": 1}
    sandbox.control("POST", "faults", fault)

    assert agent("POST", "/api/agent/cart/items", {"product_id": RICE, "quantity": 5})[0] == 503
    status, cart = agent("POST", "/api/agent/cart/items", {"product_id": RICE, "quantity": 5})
    assert status == 200
    assert [(item["id"], item["quantity"]) for item in cart["items"]] == [(RICE, 5)]


def test_a_day_later_adas_token_has_expired(sandbox):
    token = sandbox.sign_in(ADA)
    assert sandbox.call("storefront", "GET", "/api/orders", token=token)[0] == 200

    sandbox.control("POST", "clock", {"advance": "25h"})  # the sandbox's clock: tokens issued 24 h ago expire
    status, answer = sandbox.call("storefront", "GET", "/api/orders", token=token)
    assert (status, answer["code"]) == (401, "token_expired")
