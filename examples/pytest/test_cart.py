ADA = "ada@example.com"
RICE = "ofada-rice-5kg"


def test_each_add_of_the_agent_adds_one_bag_to_adas_cart(sandbox):
    agent = sandbox.as_agent(ADA)
    for bags in range(1, 11):
        status, cart = agent("POST", "/api/agent/cart/items", {"product_id": RICE, "quantity": 1})
        # Exact: another worker's writes to Ada's cart, in a shared sandbox, would show here.
        assert (status, [(item["id"], item["quantity"]) for item in cart["items"]]) == (200, [(RICE, bags)])

    journal = sandbox.control("GET", f"journal?path=/api/agent/cart/items&user={ADA}&agent=true")
    assert journal["total"] == 10
