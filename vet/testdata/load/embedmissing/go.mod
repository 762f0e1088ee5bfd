module example.com/embedmissing

go 1.22
